// Firm rules (decision 025) act only on mailboxes shared with the firm: Assign to a member with a to-do date offset
// delivers the member's item, a personal mailbox of the same owner is left alone, and a rule whose assignee left
// the firm is switched off with a notice while the sync goes on.
import { RULE_FAILURE_REASONS } from '@ledgerdesk/domain/rules/rule-messages';
import type { RuleAction, RuleCondition } from '@ledgerdesk/domain/rules/rule-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { syncIntegration } from '../../src/mail/mail-service';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { connectMailbox, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('firm rules on shared mailboxes (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let personalBox = '';
  let personalAddress = '';
  let member: { cookie: string; userId: string; email: string };
  let firmId = '';
  const stamp = Date.now().toString(36);
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const as = <T>(userId: string, query: ReturnType<typeof sql>) =>
    withUser(h.app.db, userId, async (tx) => rowsOf<T>(await tx.execute(query)));
  const firmRule = async (name: string, conditions: RuleCondition[], actions: RuleAction[]) =>
    (
      await as<{ id: string }>(
        owner.userId,
        sql`insert into triage_rules (firm_id, name, conditions, actions, position)
          values (${firmId}, ${name}, ${JSON.stringify(conditions)}::jsonb, ${JSON.stringify(actions)}::jsonb, 1)
          returning id`,
      )
    )[0]?.id ?? '';
  const deliver = (mailbox: string, subject: string) =>
    h.control('POST', '/messages', {
      mailbox,
      from: 'Pat <pat@client.test>',
      to: [mailbox],
      subject,
      text: subject,
    });

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    personalAddress = `personal-${stamp}@firm.test`;
    await h.control('POST', '/mailboxes', { address: personalAddress, provider: 'gmail', messages: 0 });
    personalBox = await connectMailbox(h.app, owner.cookie, 'gmail', personalAddress);
    member = await signUp(h.app, `rule-member-${stamp}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Rules Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    const shared = await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: owner.integrationId,
    });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    firmId = (await as<{ id: string }>(owner.userId, sql`select id from firms`))[0]?.id ?? '';
  }, 90_000);
  afterAll(async () => h?.close());

  it('assigns a shared mailbox’s new thread to a member with a to-do date, and leaves personal mailboxes alone', async () => {
    await firmRule(
      'Payroll to member',
      [{ kind: 'subject_contains', value: `payroll-${stamp}` }],
      [{ kind: 'assign', assigneeUserId: member.userId, todoInDays: 2 }, { kind: 'low_priority' }],
    );
    await deliver(owner.address, `payroll-${stamp} shared`);
    await deliver(personalAddress, `payroll-${stamp} personal`);
    await sync(h, owner);
    await syncIntegration({ deps: h.app.mail, userId: owner.userId }, { integrationId: personalBox });
    const shared = (await storedItems(h.app, owner.userId, owner.integrationId)).find((item) =>
      item.subject?.startsWith(`payroll-${stamp}`),
    );
    const personal = (await storedItems(h.app, owner.userId, personalBox)).find((item) =>
      item.subject?.startsWith(`payroll-${stamp}`),
    );
    expect(shared?.status).toBe('low_priority');
    expect(personal?.status).toBe('inbox');
    const activity = await call(
      member.cookie,
      'GET',
      `/api/triage/threads/${encodeURIComponent(shared?.threadKey ?? '')}/activity`,
    );
    expect(activity.statusCode, activity.body).toBe(200);
    const assignment = activity.json().assignment;
    expect(assignment).toMatchObject({
      assigneeUserId: member.userId,
      assignedByUserId: owner.userId,
    });
    const expected = new Date(new Date(shared?.time ?? 0).getTime() + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(assignment.todoDate).toBe(expected);
    const memberItems = await as<{ metadata: { link?: { kind: string } } }>(
      member.userId,
      sql`select metadata from triage_items where user_id = ${member.userId}`,
    );
    expect(memberItems.map((item) => item.metadata.link?.kind)).toEqual(['assignment']);
  });

  it('a firm rule whose assignee left the firm is switched off and the mail is filed', async () => {
    const leaver = await signUp(h.app, `rule-leaver-${Date.now()}@ledgerdesk.test`);
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: leaver.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(leaver.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    const ruleId = await firmRule(
      'To the leaver',
      [{ kind: 'subject_contains', value: `leaver-${stamp}` }],
      [{ kind: 'assign', assigneeUserId: leaver.userId, todoInDays: null }, { kind: 'later' }],
    );
    const left = await call(owner.cookie, 'DELETE', `/api/firm/members/${leaver.userId}`);
    expect(left.statusCode, left.body).toBeLessThan(300);
    await deliver(owner.address, `leaver-${stamp}`);
    const report = await sync(h, owner);
    expect(report.criticalErrors).toBe(0);
    const item = (await storedItems(h.app, owner.userId, owner.integrationId)).find(
      (candidate) => candidate.subject === `leaver-${stamp}`,
    );
    expect(item?.status).toBe('inbox');
    const [rule] = await as<{ is_enabled: boolean; disabled_reason: string }>(
      owner.userId,
      sql`select is_enabled, disabled_reason from triage_rules where id = ${ruleId}`,
    );
    expect(rule).toEqual({ is_enabled: false, disabled_reason: RULE_FAILURE_REASONS.assigneeGone });
  });
  it('Undo of a firm rule’s action also takes back its Assign: unassigned, the member’s item withdrawn', async () => {
    await firmRule(
      'Audit to member',
      [{ kind: 'subject_contains', value: `audit-${stamp}` }],
      [{ kind: 'assign', assigneeUserId: member.userId, todoInDays: null }],
    );
    await deliver(owner.address, `audit-${stamp}`);
    await sync(h, owner);
    const item = (await storedItems(h.app, owner.userId, owner.integrationId)).find(
      (candidate) => candidate.subject === `audit-${stamp}`,
    );
    const activity = async () =>
      (
        await call(
          member.cookie,
          'GET',
          `/api/triage/threads/${encodeURIComponent(item?.threadKey ?? '')}/activity`,
        )
      ).json();
    const memberLinks = () =>
      as<{ id: string }>(
        member.userId,
        sql`select id from triage_items where user_id = ${member.userId}
          and email_thread_id = ${item?.threadKey ?? ''} and metadata->'link'->>'kind' = 'assignment'`,
      );
    expect((await activity()).assignment?.assigneeUserId).toBe(member.userId);
    expect(await memberLinks()).toHaveLength(1);
    const [applied] = await as<{ action_id: string }>(
      owner.userId,
      sql`select action_id from triage_rule_applications where triage_item_id = ${item?.id ?? ''}`,
    );
    const undone = await call(owner.cookie, 'POST', `/api/triage/actions/${applied?.action_id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await activity()).assignment?.assigneeUserId ?? null).toBeNull();
    expect(await memberLinks()).toHaveLength(0);
    const [chip] = await as<{ metadata: Record<string, unknown> }>(
      owner.userId,
      sql`select metadata from triage_items where id = ${item?.id ?? ''}`,
    );
    expect(chip?.metadata).not.toHaveProperty('assignee');
  });
});
