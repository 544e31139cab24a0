import { ACCESS_REMOVED_NOTE, SHARED_MAILBOX_ERRORS } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { SEND_ERRORS } from '@ledgerdesk/domain/mail/send-errors';
import { allowSandboxConsent } from '@ledgerdesk/test-support/seed/connect-mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSyncCandidates } from '../../src/jobs/sync-candidates';
import { setMessageReadState } from '../../src/mail/mail-service';
import { runSyncJob } from '../../src/mail/scheduled-runs';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, integrationRow, mailboxSummary, sync } from './support/mail-fixtures';
import {
  callFunction,
  createMailHarness,
  type MailHarness,
  redirectUriFor,
  signUp,
} from './support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from './support/mailbox-compare';

const REDIRECT = redirectUriFor('office365');
let counter = 0;

type Tenant = { user: string; shared: string; cookie: string; userId: string; email: string };

describe.each(testDatabaseKinds)('Microsoft 365 shared mailboxes against the sandbox (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  /** A tenant with a user's own mailbox and a shared mailbox (nobody given access yet), and a signed-up user. */
  async function tenant(messages = 20): Promise<Tenant> {
    counter++;
    const domain = `tenant${counter}-${Date.now()}.test`;
    const user = `alex@${domain}`;
    const shared = `accounts@${domain}`;
    await h.control('POST', '/mailboxes', { address: user, provider: 'office365', messages: 2 });
    await h.control('POST', '/mailboxes', { address: shared, provider: 'office365', messages, shared: true });
    const account = await signUp(h.app, `user${counter}-${Date.now()}@ledgerdesk.test`);
    return { user, shared, ...account };
  }

  const grant = (t: Tenant, delegate: Record<string, unknown>) =>
    h.control('PUT', `/mailboxes/${t.shared}/delegates/${t.user}`, delegate);

  /** "Add a shared mailbox": the consent URL for `sharedMailbox`, consent as the user, the code redeemed. */
  async function addShared(t: Tenant, sharedMailbox = t.shared) {
    const start = await callFunction(h.app, t.cookie, 'office365-auth', {
      action: 'get-auth-url',
      redirectUri: REDIRECT,
      sharedMailbox,
    });
    if (start.statusCode !== 200) return start;
    const authUrl = start.json().authUrl as string;
    expect(new URL(authUrl).searchParams.get('scope')).toContain('Mail.ReadWrite.Shared Mail.Send.Shared');
    const back = await allowSandboxConsent(authUrl, t.user);
    return callFunction(h.app, t.cookie, 'office365-auth', {
      code: back.searchParams.get('code'),
      redirectUri: REDIRECT,
      state: back.searchParams.get('state'),
    });
  }

  async function connected(t: Tenant): Promise<Connected> {
    const answer = await addShared(t);
    expect(answer.statusCode, answer.body).toBe(200);
    const { integrationId } = answer.json() as { integrationId: string };
    return { address: t.shared, userId: t.userId, cookie: t.cookie, integrationId, email: t.email };
  }

  it('refuses bad input in words: not an address, Gmail, a mailbox the user cannot open, one that does not exist', async () => {
    const t = await tenant(2);
    const notAnAddress = await addShared(t, 'accounts at firm');
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.json().error.message).toBe(SHARED_MAILBOX_ERRORS.notAnAddress);
    const gmail = await callFunction(h.app, t.cookie, 'gmail-auth', {
      action: 'get-auth-url',
      redirectUri: redirectUriFor('gmail'),
      sharedMailbox: t.shared,
    });
    expect(gmail.statusCode).toBe(400);
    expect(gmail.json().error.message).toBe(SHARED_MAILBOX_ERRORS.gmail);

    const denied = await addShared(t);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(SHARED_MAILBOX_ERRORS.accessDenied(t.shared, t.user));
    const missing = await addShared(t, 'nobody@elsewhere.test');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(
      SHARED_MAILBOX_ERRORS.notFound('nobody@elsewhere.test', t.user),
    );
    const own = await addShared(t, t.user.toUpperCase());
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(SHARED_MAILBOX_ERRORS.ownMailbox(t.user));
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: t.cookie },
    });
    expect(list.json().integrations).toEqual([]);
  });

  it('connects with the user sign-in, is marked shared, and syncs and acts through /users/{address}', async () => {
    const t = await tenant();
    await grant(t, { access: 'full' });
    const box = await connected(t);
    const row = await integrationRow(h.app, box);
    expect(row).toMatchObject({ emailAddress: t.shared, mailboxKind: 'shared', signedInAs: t.user });
    expect(row.scopes).toEqual(expect.arrayContaining(['Mail.ReadWrite.Shared', 'Mail.Send.Shared']));
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: t.cookie },
    });
    expect(list.json().integrations[0]).toMatchObject({
      emailAddress: t.shared,
      sharedMailbox: { signedInAs: t.user, accessRemovedAt: null },
    });
    expect(JSON.stringify(list.json())).not.toMatch(/access_token|refreshToken|accessToken/);

    const report = await sync(h, box);
    expect(report.criticalErrors).toBe(0);
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, t.shared),
    );

    // Read state and a move reach the shared mailbox, not the user's own one.
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.metadata.mail_folder === 'inbox' && !stored.isRead,
    );
    if (!item?.emailMessageId) throw new Error('no unread inbox item');
    await setMessageReadState(
      { deps: h.app.mail, userId: box.userId },
      { integrationId: box.integrationId, messageId: item.emailMessageId, isRead: true },
    );
    const archive = await callFunction(h.app, t.cookie, 'archive-email', {
      messageId: item.emailMessageId,
      integrationId: box.integrationId,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const after = await mailboxSummary(h, t.shared);
    const moved = after.messages.find(
      (message) => message.subject === item.subject && message.folder === 'archive',
    );
    expect(moved?.isRead).toBe(true);
  });

  it('replies from the shared address: refused in words without Send As or on behalf, sent once granted', async () => {
    const t = await tenant();
    await grant(t, { access: 'full' });
    const box = await connected(t);
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.metadata.mail_folder === 'inbox',
    );
    if (!item?.emailMessageId) throw new Error('no inbox item');
    const reply = () =>
      callFunction(h.app, t.cookie, 'send-office365-email', {
        to: ['client@client.test'],
        cc: [],
        subject: `Re: ${item.subject}`,
        body: '<p>Thank you, received.</p>',
        triageItemId: item.id,
        replyType: 'reply',
        threadId: item.emailThreadId,
        originalMessageId: item.emailMessageId,
      });
    const sentBefore = (await mailboxSummary(h, t.shared)).folders.sent.total;

    const refused = await reply();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SEND_ERRORS.SEND_AS_DENIED.description);
    expect((await mailboxSummary(h, t.shared)).folders.sent.total).toBe(sentBefore);

    await grant(t, { access: 'full', sendOnBehalf: true });
    const sent = await reply();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, sentFrom: t.shared });
    const summary = await mailboxSummary(h, t.shared);
    expect(summary.folders.sent.total).toBe(sentBefore + 1);
    const own = await mailboxSummary(h, t.user);
    expect(own.messages.some((message) => message.subject === `Re: ${item.subject}`)).toBe(false);
  });

  it('shows access removed in the tenant as a state the fleet skips; Check Access Again recovers once granted', async () => {
    const t = await tenant(6);
    await grant(t, { access: 'full' });
    const box = await connected(t);
    expect((await sync(h, box)).criticalErrors).toBe(0);

    await grant(t, { access: 'none' });
    await expect(sync(h, box)).rejects.toThrow(ACCESS_REMOVED_NOTE);
    const row = await integrationRow(h.app, box);
    expect(row.needsReconnect).toBe(true);
    expect(row.accessRemovedAt).not.toBeNull();
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: t.cookie },
    });
    expect(list.json().integrations[0].sharedMailbox.accessRemovedAt).toBe(
      row.accessRemovedAt?.toISOString(),
    );
    // The fleet's minute no longer picks it up, and a queued job skips it: no loop of failures.
    const candidates = await listSyncCandidates(h.app.db);
    expect(candidates.map((candidate) => candidate.id)).not.toContain(box.integrationId);
    expect(await runSyncJob(h.app.mail, { integrationId: box.integrationId, userId: box.userId })).toBe(
      'skipped',
    );
    // One notice in triage, not one a minute.
    const notices = (await storedItems(h.app, box.userId, box.integrationId)).filter(
      (stored) => stored.type === 'notification' && stored.notificationType === 'system',
    );
    expect(notices.map((notice) => notice.previewContent)).toEqual([ACCESS_REMOVED_NOTE]);

    const check = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/integrations/${box.integrationId}/check-access`,
        headers: { cookie: t.cookie, origin: 'http://localhost:3000' },
      });
    const still = await check();
    expect(still.statusCode).toBe(409);
    expect(still.json().error.message).toBe(SHARED_MAILBOX_ERRORS.stillRemoved(t.shared));

    await grant(t, { access: 'read' });
    const restored = await check();
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().integration).toMatchObject({
      needsReconnect: false,
      sharedMailbox: { accessRemovedAt: null },
    });
    await h.control('POST', '/messages', {
      mailbox: t.shared,
      from: 'Pat Client <pat@client.test>',
      to: [t.shared],
      subject: 'After access came back',
      text: 'Hello again.',
    });
    expect((await sync(h, box)).criticalErrors).toBe(0);
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, t.shared),
    );
  });

  it("refuses a second copy of a shared mailbox a colleague already shares with the firm, in words; before it is shared, each member's own stays possible", async () => {
    const t = await tenant(2);
    await grant(t, { access: 'full' });
    const box = await connected(t);
    const call = (cookie: string, method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
      h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    // Sam (the owner of the connection) names himself, makes a firm and invites a colleague.
    const named = await call(t.cookie, 'PATCH', '/api/profile', { fullName: 'Sam Owner' });
    expect(named.statusCode, named.body).toBe(200);
    const firm = await call(t.cookie, 'POST', '/api/firm', { name: `Firm ${counter}` });
    expect(firm.statusCode, firm.body).toBeLessThan(300);
    const colleague = await signUp(h.app, `colleague${counter}-${Date.now()}@ledgerdesk.test`);
    const invited = await call(t.cookie, 'POST', '/api/firm/invitations', { email: colleague.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(colleague.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    const askAs = (cookie: string, address: string) =>
      callFunction(h.app, cookie, 'office365-auth', {
        action: 'get-auth-url',
        redirectUri: REDIRECT,
        sharedMailbox: address,
      });
    // Not shared with the firm yet: the colleague cannot see Sam's connection, and may add their own.
    expect((await askAs(colleague.cookie, t.shared)).statusCode).toBe(200);
    const shared = await call(t.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: box.integrationId,
    });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    const refused = await askAs(colleague.cookie, t.shared.toUpperCase());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SHARED_MAILBOX_ALREADY_SHARED',
      message: SHARED_MAILBOX_ERRORS.sharedByColleague(
        t.shared.toUpperCase(),
        'Sam Owner',
        `Firm ${counter}`,
      ),
    });
    // Sam himself may still reconnect it (same integration, new tokens).
    expect((await askAs(t.cookie, t.shared)).statusCode).toBe(200);
  });
});
