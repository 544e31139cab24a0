import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

const TENANT = 'harbourline-office365.test';
const SHARED = `accounts@${TENANT}`;
const ALEX = `alex.morgan@${TENANT}`;
const SAM = `sam.reid@${TENANT}`;
const OUTSIDER = 'pat.lee@another-tenant.test';
const SHARED_SCOPES =
  'offline_access Mail.ReadWrite Mail.Send User.Read Mail.ReadWrite.Shared Mail.Send.Shared';
const shared = `/users/${encodeURIComponent(SHARED)}`;

let h: Harness;
let alex = '';
let sam = '';
let outsider = '';
let alexWithoutShared = '';

const grant = (user: string, body: Record<string, unknown>) =>
  h.control('PUT', `/mailboxes/${SHARED}/delegates/${user}`, body);

beforeAll(async () => {
  h = await createHarness();
  for (const address of [SAM, OUTSIDER])
    await h.control('POST', '/mailboxes', { address, provider: 'office365', messages: 2 });
  const created = await h.control('POST', '/mailboxes', {
    address: SHARED,
    provider: 'office365',
    messages: 12,
    shared: true,
  });
  expect(created.statusCode).toBe(201);
  alex = (await h.connect('office365', { requestedScope: SHARED_SCOPES })).accessToken;
  sam = (await h.connect('office365', { requestedScope: SHARED_SCOPES, mailbox: SAM })).accessToken;
  outsider = (await h.connect('office365', { requestedScope: SHARED_SCOPES, mailbox: OUTSIDER })).accessToken;
  alexWithoutShared = (await h.connect('office365')).accessToken;
});
afterAll(() => h.close());

describe('Tenant shared mailboxes on Graph /users/{address}', () => {
  it('refuses a tenant user without access (403 ErrorAccessDenied) and a user of another tenant (404 ErrorInvalidUser)', async () => {
    const denied = await h.graph('GET', `${shared}/mailFolders/inbox/messages/delta`, { token: alex });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('ErrorAccessDenied');
    await grant(OUTSIDER, { access: 'full' });
    const foreign = await h.graph('GET', `${shared}/messages`, { token: outsider });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('ErrorInvalidUser');
  });

  it('with full access pages the delta of the shared mailbox, reads and moves its messages', async () => {
    expect((await grant(ALEX, { access: 'full' })).statusCode).toBe(200);
    const delta = await h.graph('GET', `${shared}/mailFolders/inbox/messages/delta`, { token: alex });
    expect(delta.statusCode).toBe(200);
    const body = delta.json() as { value: { id: string }[]; '@odata.deltaLink'?: string };
    const summary = (await h.control('GET', `/mailboxes/${SHARED}`)).json();
    expect(body.value).toHaveLength(summary.folders.inbox.total);
    expect(body['@odata.deltaLink']).toContain(
      `/graph/v1.0/users/${encodeURIComponent(SHARED)}/mailFolders/`,
    );
    const id = body.value[0]?.id ?? '';
    const read = await h.graph('PATCH', `${shared}/messages/${id}`, { token: alex, body: { isRead: true } });
    expect(read.statusCode).toBe(200);
    const moved = await h.graph('POST', `${shared}/messages/${id}/move`, {
      token: alex,
      body: { destinationId: 'archive' },
    });
    expect(moved.statusCode).toBe(201);
    const after = (await h.control('GET', `/mailboxes/${SHARED}?limit=100`)).json();
    expect(after.folders.archive.total).toBe(summary.folders.archive.total + 1);
    // The user's own mailbox is untouched by any of it.
    const own = await h.graph('GET', '/me/messages', { token: alex, query: { $top: '1' } });
    expect(own.json().value[0]?.id).not.toBe(id);
  });

  it('needs the .Shared permissions even when the mailbox grants access', async () => {
    const response = await h.graph('GET', `${shared}/messages`, { token: alexWithoutShared });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ErrorAccessDenied');
  });

  it('read-only access reads but refuses writes with ErrorAccessDenied', async () => {
    await grant(SAM, { access: 'read' });
    const list = await h.graph('GET', `${shared}/messages`, { token: sam, query: { $top: '1' } });
    expect(list.statusCode).toBe(200);
    const id = list.json().value[0].id as string;
    const write = await h.graph('PATCH', `${shared}/messages/${id}`, { token: sam, body: { isRead: false } });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('ErrorAccessDenied');
  });

  it('sends as the shared mailbox with Send As, on its behalf otherwise, and answers ErrorSendAsDenied without either', async () => {
    const send = (subject: string) =>
      h.graph('POST', `${shared}/sendMail`, {
        token: alex,
        body: { message: { subject, toRecipients: [{ emailAddress: { address: 'client@example.test' } }] } },
      });
    const denied = await send('Nobody may');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('ErrorSendAsDenied');

    await grant(ALEX, { access: 'full', sendOnBehalf: true });
    expect((await send('On behalf')).statusCode).toBe(202);
    await grant(ALEX, { access: 'full', sendAs: true });
    expect((await send('Sent as')).statusCode).toBe(202);

    const sent = await h.graph('GET', `${shared}/mailFolders/sentitems/messages`, {
      token: alex,
      query: { $select: 'subject,from,sender', $orderby: 'receivedDateTime desc', $top: '5' },
    });
    const bySubject = new Map(
      (sent.json().value as { subject: string; from: Addr; sender: Addr }[]).map((m) => [m.subject, m]),
    );
    expect(bySubject.get('On behalf')?.from.emailAddress.address).toBe(SHARED);
    expect(bySubject.get('On behalf')?.sender.emailAddress.address).toBe(ALEX);
    expect(bySubject.get('Sent as')?.sender.emailAddress.address).toBe(SHARED);
    expect(bySubject.has('Nobody may')).toBe(false);
  });

  it('subscribes to users/{address}/messages, and refuses it once access is removed', async () => {
    const body = {
      changeType: 'created,updated,deleted',
      notificationUrl: 'https://app.test/api/webhooks/graph',
      resource: `users/${SHARED}/messages`,
      expirationDateTime: new Date(Date.now() + 3_600_000).toISOString(),
    };
    await grant(ALEX, { access: 'none' });
    const refused = await h.graph('POST', '/subscriptions', { token: alex, body });
    expect(refused.statusCode).toBe(403);
    const revoked = await h.graph('GET', `${shared}/messages`, { token: alex });
    expect(revoked.json().error.code).toBe('ErrorAccessDenied');
  });

  it('refuses bad control input in words', async () => {
    const bad = await grant(ALEX, { access: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("access must be 'full', 'read' or 'none'");
    const notShared = await h.control('PUT', `/mailboxes/${SAM}/delegates/${ALEX}`, { access: 'full' });
    expect(notShared.statusCode).toBe(400);
  });
});

type Addr = { emailAddress: { address: string } };
