// The rules tables under row-level security (migration 0030): a member never sees another member's personal
// rules; firm rules are read by the firm and written by its owners; the applied-log's key lets a (message, rule,
// version) in once; match counts and switching off go through definer functions that touch only visible rules.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const RULE_JSON = {
  conditions: JSON.stringify([{ kind: 'is_automated' }]),
  actions: JSON.stringify([{ kind: 'low_priority' }]),
};

describe.each(testDatabaseKinds)('rules tables under row-level security on %s', (kind) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let member: { cookie: string; userId: string };
  let outsider: { cookie: string; userId: string };
  let firmId = '';
  let integrationId = '';
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const asUser = <T>(userId: string, query: ReturnType<typeof sql>) =>
    withUser(t.app.db, userId, async (tx) => rowsOf<T>(await tx.execute(query)));
  const personalRule = (userId: string, name: string) =>
    asUser<{ id: string }>(
      userId,
      sql`insert into triage_rules (user_id, name, conditions, actions, position)
        values (${userId}, ${name}, ${RULE_JSON.conditions}::jsonb, ${RULE_JSON.actions}::jsonb, 1) returning id`,
    ).then((rows) => rows[0]?.id ?? '');

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, `rules-owner-${Date.now()}@firm.test`);
    const memberEmail = `rules-member-${Date.now()}@firm.test`;
    member = await signUp(t.app, memberEmail);
    outsider = await signUp(t.app, `rules-outsider-${Date.now()}@else.test`);
    expect((await call(owner.cookie, 'POST', '/api/firm', { name: 'Rules Firm' })).statusCode).toBeLessThan(
      300,
    );
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: memberEmail });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    firmId = (await asUser<{ id: string }>(owner.userId, sql`select id from firms`))[0]?.id ?? '';
    integrationId =
      (
        await asUser<{ id: string }>(
          owner.userId,
          sql`insert into email_integrations (user_id, provider, email_address)
            values (${owner.userId}, 'office365', 'owner@firm.test') returning id`,
        )
      )[0]?.id ?? '';
  }, 60_000);
  afterAll(async () => t?.close());

  it('a member cannot see, change or delete another member’s personal rules', async () => {
    const ownRule = await personalRule(owner.userId, 'Owner only');
    await personalRule(member.userId, 'Member only');
    const names = async (userId: string) =>
      (await asUser<{ name: string }>(userId, sql`select name from triage_rules order by name`)).map(
        (r) => r.name,
      );
    expect(await names(owner.userId)).toEqual(['Owner only']);
    expect(await names(member.userId)).toEqual(['Member only']);
    expect(await names(outsider.userId)).toEqual([]);
    const changed = await asUser(
      member.userId,
      sql`update triage_rules set name = 'hijacked' where id = ${ownRule} returning id`,
    );
    const deleted = await asUser(
      member.userId,
      sql`delete from triage_rules where id = ${ownRule} returning id`,
    );
    expect([changed.length, deleted.length]).toEqual([0, 0]);
    await expect(
      asUser(
        member.userId,
        sql`insert into triage_rules (user_id, name, conditions, actions, position)
        values (${owner.userId}, 'planted', ${RULE_JSON.conditions}::jsonb, ${RULE_JSON.actions}::jsonb, 1)`,
      ),
    ).rejects.toThrow();
  });

  it('firm rules are read by the firm and written only by its owners', async () => {
    const [firmRule] = await asUser<{ id: string }>(
      owner.userId,
      sql`insert into triage_rules (firm_id, name, conditions, actions, position)
        values (${firmId}, 'Firm newsletters', ${RULE_JSON.conditions}::jsonb, ${RULE_JSON.actions}::jsonb, 1) returning id`,
    );
    const seen = (userId: string) =>
      asUser<{ id: string }>(userId, sql`select id from triage_rules where firm_id is not null`);
    expect((await seen(member.userId)).map((r) => r.id)).toEqual([firmRule?.id]);
    expect(await seen(outsider.userId)).toEqual([]);
    const changed = await asUser(
      member.userId,
      sql`update triage_rules set name = 'x' where id = ${firmRule?.id} returning id`,
    );
    expect(changed).toHaveLength(0);
    await expect(
      asUser(
        member.userId,
        sql`insert into triage_rules (firm_id, name, conditions, actions, position)
        values (${firmId}, 'member made', ${RULE_JSON.conditions}::jsonb, ${RULE_JSON.actions}::jsonb, 2)`,
      ),
    ).rejects.toThrow();
  });

  it('every write of a rule raises its owner’s rule-set version in the same transaction, read only where the rules are', async () => {
    type Set = { owner: string; version: number; rule_count: number };
    const sets = (userId: string) =>
      asUser<Set>(userId, sql`select owner, version::int, rule_count from triage_rule_sets order by owner`);
    const mine = async (userId: string) => (await sets(userId)).find((row) => row.owner === `u:${userId}`);
    const before = (await mine(member.userId)) ?? { version: 0, rule_count: 0 };
    const ruleId = await personalRule(member.userId, 'Versioned');
    const added = await mine(member.userId);
    expect(added?.rule_count).toBe(before.rule_count + 1);
    expect(added?.version).toBeGreaterThan(before.version);
    await asUser(member.userId, sql`update triage_rules set name = 'Renamed' where id = ${ruleId}`);
    const renamed = await mine(member.userId);
    expect(renamed).toEqual({ ...added, version: (added?.version ?? 0) + 1 });
    // A write rolled back leaves the version as it was.
    await expect(
      withUser(t.app.db, member.userId, async (tx) => {
        await tx.execute(sql`update triage_rules set is_enabled = false where id = ${ruleId}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await mine(member.userId)).toEqual(renamed);
    await asUser(member.userId, sql`delete from triage_rules where id = ${ruleId}`);
    expect(await mine(member.userId)).toEqual({
      ...renamed,
      version: (renamed?.version ?? 0) + 1,
      rule_count: before.rule_count,
    });
    // Another member's set is not readable; the firm's is, by its members only; nobody writes the table.
    expect((await sets(outsider.userId)).map((row) => row.owner)).not.toContain(`u:${member.userId}`);
    expect((await sets(member.userId)).map((row) => row.owner)).toContain(`f:${firmId}`);
    expect((await sets(outsider.userId)).map((row) => row.owner)).not.toContain(`f:${firmId}`);
    await expect(
      asUser(
        member.userId,
        sql`update triage_rule_sets set version = 1 where owner = ${`u:${member.userId}`}`,
      ),
    ).rejects.toThrow();
  });

  it('a firm with rules is deleted, rule set and all, when its last member leaves', async () => {
    const solo = await signUp(t.app, `rules-solo-${Date.now()}@solo.test`);
    expect((await call(solo.cookie, 'POST', '/api/firm', { name: 'Solo Firm' })).statusCode).toBeLessThan(
      300,
    );
    const soloFirm = (await asUser<{ id: string }>(solo.userId, sql`select id from firms`))[0]?.id ?? '';
    await asUser(
      solo.userId,
      sql`insert into triage_rules (firm_id, name, conditions, actions, position)
        values (${soloFirm}, 'Solo rule', ${RULE_JSON.conditions}::jsonb, ${RULE_JSON.actions}::jsonb, 1)`,
    );
    expect(
      await asUser(
        solo.userId,
        sql`select rule_count from triage_rule_sets where owner = ${`f:${soloFirm}`}`,
      ),
    ).toEqual([{ rule_count: 1 }]);
    // The cascade deletes the rule (its trigger updates the set) and the set itself: neither may fail the leave.
    expect((await call(solo.cookie, 'POST', '/api/firm/leave')).statusCode).toBe(204);
    expect(await asUser(solo.userId, sql`select id from firms`)).toEqual([]);
  });

  it('refuses a rule owned by nobody or by both, and more than 20 conditions', async () => {
    const both = sql`insert into triage_rules (user_id, firm_id, name, conditions, actions, position)
      values (${owner.userId}, ${firmId}, 'both', ${RULE_JSON.conditions}::jsonb, ${RULE_JSON.actions}::jsonb, 1)`;
    await expect(asUser(owner.userId, both)).rejects.toThrow();
    const many = JSON.stringify(Array.from({ length: 21 }, () => ({ kind: 'has_attachment' })));
    await expect(
      asUser(
        owner.userId,
        sql`insert into triage_rules (user_id, name, conditions, actions, position)
        values (${owner.userId}, 'many', ${many}::jsonb, ${RULE_JSON.actions}::jsonb, 1)`,
      ),
    ).rejects.toThrow();
  });

  it('applies a (message, rule, version) once: a second insert of the key does nothing', async () => {
    const ruleId = await personalRule(owner.userId, 'Once');
    const apply = (version: number) =>
      asUser<{ rule_id: string }>(
        owner.userId,
        sql`insert into triage_rule_applications (email_integration_id, email_message_id, rule_id, rule_version, user_id, label)
          values (${integrationId}, 'msg-1', ${ruleId}, ${version}, ${owner.userId}, 'Low Priority — rule ''Once''')
          on conflict do nothing returning rule_id`,
      );
    expect(await apply(1)).toHaveLength(1);
    expect(await apply(1)).toHaveLength(0);
    expect(await apply(2)).toHaveLength(1);
    const seenByOutsider = await asUser(outsider.userId, sql`select 1 from triage_rule_applications`);
    expect(seenByOutsider).toHaveLength(0);
  });

  it('counts matches and switches off only rules the caller can read', async () => {
    const ownRule = await personalRule(owner.userId, 'Counted');
    const count = (userId: string) =>
      asUser(
        userId,
        sql`select ledgerdesk_count_rule_matches(${JSON.stringify({ [ownRule]: 3 })}::jsonb, now())`,
      );
    await count(owner.userId);
    await count(owner.userId);
    await count(member.userId);
    const [stats] = await asUser<{ match_count: string | number }>(
      owner.userId,
      sql`select match_count from triage_rule_stats where rule_id = ${ownRule}`,
    );
    expect(Number(stats?.match_count)).toBe(6);
    const switchOff = (userId: string) =>
      asUser<{ name: string | null }>(
        userId,
        sql`select ledgerdesk_switch_off_rule(${ownRule}, 'gone') as name`,
      );
    expect((await switchOff(member.userId))[0]?.name).toBeNull();
    expect((await switchOff(owner.userId))[0]?.name).toBe('Counted');
    expect((await switchOff(owner.userId))[0]?.name).toBeNull();
    const [rule] = await asUser<{ is_enabled: boolean; disabled_reason: string }>(
      owner.userId,
      sql`select is_enabled, disabled_reason from triage_rules where id = ${ownRule}`,
    );
    expect(rule).toEqual({ is_enabled: false, disabled_reason: 'gone' });
  });
});
