import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

/** GET /api/events as raw text, with a wait for a pattern. */
function openStream(port: number, cookie: string) {
  return new Promise<{ text: () => string; waitFor: (pattern: RegExp) => Promise<void>; close: () => void }>(
    (resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie } },
        (response) => {
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
          });
          resolve({
            text: () => buffer,
            close: () => request.destroy(),
            waitFor: async (pattern) => {
              const deadline = Date.now() + 3000;
              while (!pattern.test(buffer)) {
                if (Date.now() > deadline) throw new Error(`no ${pattern} in ${buffer}`);
                await new Promise((wake) => setTimeout(wake, 25));
              }
            },
          });
        },
      );
      request.on('error', reject);
    },
  );
}

describe.each(testDatabaseKinds)('realtime for shared mailboxes on %s', (kind) => {
  let h: MailHarness;
  let port: number;
  let owner: Connected;
  let member: { cookie: string; userId: string };
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    member = await signUp(h.app, `live-member-${Date.now()}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Live Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: 'm@example.test' });
    const token = new URL(invited.json().link).searchParams.get('token');
    await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => h?.close());

  it('follows a mailbox once shared, and stops at once when the member is removed', async () => {
    const stream = await openStream(port, member.cookie);
    await stream.waitFor(/: connected/);
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    await stream.waitFor(/event: firm/);
    const [sharedId] = await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'Shared live', emailIntegrationId: owner.integrationId, emailThreadId: 'shared-live' },
    ]);
    await stream.waitFor(new RegExp(`"id":"${sharedId}"`));
    // The owner's mail outside the shared mailbox never reaches the member.
    const [privateId] = await insertTriageItems(h.app.db, owner.userId, [{ subject: 'Private live' }]);

    expect((await call(owner.cookie, 'DELETE', `/api/firm/members/${member.userId}`)).statusCode).toBe(204);
    await stream.waitFor(/event: firm[\s\S]*event: firm/);
    const [afterId] = await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'After removal', emailIntegrationId: owner.integrationId, emailThreadId: 'shared-live' },
    ]);
    await new Promise((wake) => setTimeout(wake, 400));
    expect(stream.text()).not.toContain(privateId as string);
    expect(stream.text()).not.toContain(afterId as string);
    stream.close();
  });
});
