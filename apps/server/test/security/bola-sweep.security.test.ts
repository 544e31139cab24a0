// Broken object-level authorization, swept over the route table: every route that names a user's data (in its
// path or body) is called by another signed-in user with the owner's ids, both ways. A new route is covered
// as soon as it is registered: every route is declared with its schemas (http/define-route.ts), which
// openapi.test.ts demands, and the app lists the declarations in `app.apiRoutes`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxSummary } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';
import { type Account, call, prepareOwnedAccount } from './support/owned-account';
import { sampleBodies, samplePath, takesOwnedIds } from './support/sample-input';

/** Everything the owner can read about their own data, to compare before and after the sweep. */
async function snapshot(h: MailHarness, account: Account) {
  const read = async (url: string) => (await call(h, account.cookie, 'GET', url)).json();
  return {
    profile: await read('/api/profile'),
    integrations: await read('/api/integrations'),
    sources: await read('/api/notification-sources'),
    templates: await read('/api/templates'),
    firm: await read('/api/firm'),
    work: await read('/api/work/threads'),
    clients: await read('/api/clients'),
    rules: await read('/api/rules'),
    activity: await read(`/api/triage/threads/${encodeURIComponent(account.ids.threadKey)}/activity`),
    thread: await read(`/api/triage/threads/${encodeURIComponent(account.ids.threadKey)}`),
    threads: await read('/api/triage/threads?view=inbox&limit=100'),
    mailbox: await mailboxSummary(h, account.address),
  };
}

describe.each(testDatabaseKinds)('BOLA sweep over the route table on %s', (kind) => {
  let h: MailHarness;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    h = await createMailHarness(kind);
    alice = await prepareOwnedAccount(h);
    bob = await prepareOwnedAccount(h);
  });
  afterAll(async () => h?.close());

  const ownedIdRoutes = () =>
    h.app.apiRoutes.filter((route) => route.needsSession && !route.isSharedRead && takesOwnedIds(route));

  it('covers the routes that take ids (items, threads, content, integrations, sources, functions, send)', () => {
    const paths = ownedIdRoutes().map((route) => route.path);
    for (const expected of [
      '/api/triage/items/:id',
      '/api/triage/items/bulk-update',
      '/api/triage/threads/:threadKey',
      '/api/triage/threads/:threadKey/content',
      '/api/integrations/:id/disconnect',
      '/api/notification-sources/:id',
      '/api/templates/:id',
      '/api/outgoing/:id/cancel',
      '/api/triage/items/snooze',
      '/api/triage/items/unsnooze',
      '/api/functions/fetch-email-content',
      '/api/functions/send-office365-email',
      '/api/functions/enhanced-full-resync-emails',
      '/api/firm/members/:id',
      '/api/firm/invitations/:id',
      '/api/firm/shared-mailboxes',
      '/api/firm/shared-mailboxes/:id',
      '/api/triage/threads/:threadKey/activity',
      '/api/triage/threads/:threadKey/assignment',
      '/api/triage/threads/:threadKey/comments',
      '/api/triage/comments/:id',
      '/api/triage/threads/:threadKey/work',
      '/api/triage/threads/:threadKey/work/:workItemId',
      '/api/rules/:id',
      '/api/rules/:id/apply',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each([
    ['bob', 'alice'],
    ['alice', 'bob'],
  ] as const)("%s, using %s's ids, reads and changes nothing of theirs", async (attackerName, ownerName) => {
    const attacker = attackerName === 'bob' ? bob : alice;
    const owner = ownerName === 'bob' ? bob : alice;
    const ownerBefore = await snapshot(h, owner);
    const attackerSentBefore = (await mailboxSummary(h, attacker.address)).folders.sent.total;
    const leaks: string[] = [];
    for (const route of ownedIdRoutes()) {
      const url = samplePath(route, owner.ids);
      const bodies = route.body ? sampleBodies(route, owner.ids) : [undefined];
      for (const body of bodies) {
        const response = await call(h, attacker.cookie, route.method, url, body);
        const what = `${route.method} ${url} ${JSON.stringify(body ?? '')}`;
        const isRefused = response.statusCode >= 400 && response.statusCode < 500;
        if (!isRefused) leaks.push(`${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        const secrets = [owner.address, owner.ids.messageId];
        if (secrets.some((secret) => response.body.includes(secret)))
          leaks.push(`${what} answered with the owner's data`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(h, owner)).toEqual(ownerBefore);
    expect((await mailboxSummary(h, attacker.address)).folders.sent.total).toBe(attackerSentBefore);
  });
});
