// "Also apply to these now" (decision 025) runs every action of a rule on the threads its preview lists, as one bulk
// action with one Undo: Snooze, Move to Notifications and Mark read on the items, Assign, Set client and Add to
// work on their threads; the Undo takes all of it back, the thread-level actions included.
import type { RuleApplyResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('apply a rule now (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let member: { cookie: string; userId: string; email: string };
  let clientId = '';
  let otherClientId = '';
  const stamp = Date.now().toString(36);
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const as = <T>(userId: string, query: ReturnType<typeof sql>) =>
    withUser(h.app.db, userId, async (tx) => rowsOf<T>(await tx.execute(query)));
  const deliver = (subject: string, from: string) =>
    h.control('POST', '/messages', {
      mailbox: owner.address,
      from,
      to: [owner.address],
      subject,
      text: subject,
    });
  const items = async (prefix: string) =>
    (await storedItems(h.app, owner.userId, owner.integrationId))
      .filter((item) => item.subject?.startsWith(prefix))
      .sort((a, b) => (a.subject ?? '').localeCompare(b.subject ?? ''));
  const contactOf = (email: string) =>
    as<{ organisation_id: string }>(
      owner.userId,
      sql`select organisation_id::text from client_contacts where email = ${email}`,
    );
  const filings = (workItemId: string) =>
    as<{ thread_key: string }>(
      owner.userId,
      sql`select thread_key from work_item_threads where work_item_id = ${workItemId}`,
    );
  const assigneeOf = async (threadKey: string) =>
    (await call(member.cookie, 'GET', `/api/triage/threads/${encodeURIComponent(threadKey)}/activity`)).json()
      .assignment?.assigneeUserId ?? null;
  const memberLinks = () =>
    as<{ id: string }>(
      member.userId,
      sql`select id from triage_items where user_id = ${member.userId} and metadata ? 'link'`,
    );

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    await deliver(`quarter-${stamp} one`, 'Ann Accounts <ann@quarter.test>');
    await deliver(`quarter-${stamp} two`, 'Bob Books <bob@quarter.test>');
    await deliver(`other-${stamp}`, 'Pat <pat@elsewhere.test>');
    await sync(h, owner);
    member = await signUp(h.app, `now-member-${stamp}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Apply Now Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    const shared = await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: owner.integrationId,
    });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    const organisation = async (name: string) =>
      (
        await as<{ id: string }>(
          owner.userId,
          sql`insert into client_organisations (firm_id, name, created_by)
            values (ledgerdesk_current_firm_id(), ${name}, ${owner.userId}) returning id::text`,
        )
      )[0]?.id ?? '';
    clientId = await organisation('Quarter Ltd');
    otherClientId = await organisation('Old Client Ltd');
    // Bob is already a contact of another client: Undo puts him back there; Ann is new and Undo removes her.
    await as(
      owner.userId,
      sql`insert into client_contacts (firm_id, organisation_id, name, email, created_by)
        values (ledgerdesk_current_firm_id(), ${otherClientId}::uuid, 'Bob Books', 'bob@quarter.test', ${owner.userId})`,
    );
  }, 90_000);
  afterAll(async () => h?.close());

  it('runs every action as one bulk action, and its one Undo takes every action back', async () => {
    const created = await call(owner.cookie, 'POST', '/api/rules', {
      name: 'Quarter',
      scope: 'firm',
      conditions: [{ kind: 'subject_contains', value: `quarter-${stamp}` }],
      actions: [
        { kind: 'snooze', hours: 48 },
        { kind: 'notifications' },
        { kind: 'mark_read' },
        { kind: 'assign', assigneeUserId: member.userId, todoInDays: 1 },
        { kind: 'set_client', organisationId: clientId },
        { kind: 'add_to_work', workItemId: `W-${stamp}` },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const applied = await call(owner.cookie, 'POST', `/api/rules/${created.json().rule.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = applied.json() as RuleApplyResponse;
    expect(answer).toMatchObject({ updated: 2, threadCount: 2 });
    const after = await items(`quarter-${stamp}`);
    const now = Date.now();
    for (const item of after) {
      expect(item).toMatchObject({ status: 'scheduled', type: 'notification', isRead: true });
      const until = new Date(item.snoozedUntil ?? 0).getTime();
      expect(until).toBeGreaterThan(now + 47 * 3_600_000);
      expect(await assigneeOf(item.threadKey ?? '')).toBe(member.userId);
    }
    expect((await items(`other-${stamp}`))[0]).toMatchObject({ status: 'inbox', type: 'email' });
    expect(await contactOf('ann@quarter.test')).toEqual([{ organisation_id: clientId }]);
    expect(await contactOf('bob@quarter.test')).toEqual([{ organisation_id: clientId }]);
    expect((await filings(`W-${stamp}`)).map((row) => row.thread_key).sort()).toEqual(
      after.map((item) => item.threadKey).sort(),
    );
    expect(await memberLinks()).toHaveLength(2);
    const activity = await call(
      owner.cookie,
      'GET',
      `/api/triage/threads/${encodeURIComponent(after[0]?.threadKey ?? '')}/activity`,
    );
    expect(activity.json().ruleHistory).toMatchObject([
      {
        label: "Snooze, Move to Notifications, Mark read, Assign, Set client, Add to work — rule 'Quarter'",
        actionId: answer.actionId,
      },
    ]);

    const undone = await call(owner.cookie, 'POST', `/api/triage/actions/${answer.actionId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    for (const item of await items(`quarter-${stamp}`)) {
      expect(item).toMatchObject({ status: 'inbox', type: 'email', isRead: false, snoozedUntil: null });
      expect(item.metadata).not.toHaveProperty('rule_type');
      expect(item.metadata).not.toHaveProperty('assignee');
      expect(await assigneeOf(item.threadKey ?? '')).toBeNull();
    }
    expect(await contactOf('ann@quarter.test')).toEqual([]);
    expect(await contactOf('bob@quarter.test')).toEqual([{ organisation_id: otherClientId }]);
    expect(await filings(`W-${stamp}`)).toEqual([]);
    expect(await memberLinks()).toHaveLength(0);
  });
});
