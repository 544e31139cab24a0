// Decision 012: a member reaches a shared mailbox's Later, Low Priority, Scheduled, Sent and Cleared items as they
// reach their own (GET /api/triage/threads?view=…&mailboxId=…), and the firm names the mailbox's connection state
// (the owner's integration: active, token expiry, last sync; never a token) for its shared view's header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { ManualClock } from '../support/manual-clock';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the assertions
type Json = Record<string, any>;

const STATUSES = ['inbox', 'later', 'low_priority', 'scheduled', 'sent', 'cleared'] as const;
const VIEWS: Record<(typeof STATUSES)[number], string> = {
  inbox: 'shared',
  later: 'later',
  low_priority: 'low-priority',
  scheduled: 'scheduled',
  sent: 'sent',
  cleared: 'cleared',
};

describe.each(testDatabaseKinds)('a shared mailbox’s views (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let member: { cookie: string; userId: string };
  let outsider: { cookie: string; userId: string };
  const stamp = Date.now().toString(36);
  const call = (cookie: string, url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } });
  const subjectsOf = async (cookie: string, view: string) => {
    const response = await call(cookie, `/api/triage/threads?view=${view}&mailboxId=${owner.integrationId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().groups as Json[]).map((group) => group.subject as string);
  };

  beforeAll(async () => {
    h = await createMailHarness(kind, { clock: new ManualClock() });
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    member = await signUp(h.app, `member.${stamp}@ledgerdesk.test`);
    outsider = await signUp(h.app, `outsider.${stamp}@ledgerdesk.test`);
    await insertTriageItems(
      h.app.db,
      owner.userId,
      STATUSES.map((status) => ({
        subject: `${status} ${stamp}`,
        status,
        emailIntegrationId: owner.integrationId,
        ...(status === 'cleared' ? { metadata: { exchange_folder_state: 'archive' } } : {}),
      })),
    );
    const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
      h.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    await post(owner.cookie, '/api/firm', { name: 'Views Firm' });
    const invited = await post(owner.cookie, '/api/firm/invitations', {
      email: `member.${stamp}@ledgerdesk.test`,
    });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await post(member.cookie, '/api/firm/invitations/accept', { token })).statusCode).toBe(200);
    await post(owner.cookie, '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
  }, 60_000);
  afterAll(async () => h?.close());

  it.each(STATUSES)(
    'lists the %s items of the shared mailbox for a member, in their view only',
    async (status) => {
      // The mailbox's own view is the main view (spec §4: inbox, later, low priority and scheduled items).
      const expected =
        status === 'inbox'
          ? ['inbox', 'later', 'low_priority', 'scheduled'].map((each) => `${each} ${stamp}`)
          : [`${status} ${stamp}`];
      expect((await subjectsOf(member.cookie, VIEWS[status])).sort()).toEqual(expected.sort());
    },
  );

  it('shows a stranger none of them', async () => {
    for (const view of Object.values(VIEWS)) expect(await subjectsOf(outsider.cookie, view)).toEqual([]);
  });

  it('gives the member the mailbox’s connection state, and no token', async () => {
    const firm = (await call(member.cookie, '/api/firm')).json().firm as Json;
    const [mailbox] = firm.sharedMailboxes as Json[];
    expect(mailbox?.integrationId).toBe(owner.integrationId);
    expect(mailbox?.connection).toMatchObject({ isActive: true });
    expect(Object.keys(mailbox?.connection ?? {}).sort()).toEqual([
      'isActive',
      'lastSyncAt',
      'tokenExpiresAt',
    ]);
    expect(JSON.stringify(firm)).not.toMatch(/access_?token|refresh_?token/i);
  });
});
