import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// Migration 0023: a statement trigger's query over its transition tables is planned once per connection by
// PL/pgSQL, for the rows of its first call; a join of the old and new rows planned for one row is a nested loop,
// quadratic in a bulk action's size. Such joins run through EXECUTE, planned at every call.

/** Dollar-quoted EXECUTE bodies (`EXECUTE $query$ … $query$`) removed: what is left is planned once. */
const withoutPlannedPerCall = (source: string) =>
  source.replace(/EXECUTE\s+\$query\$[\s\S]*?\$query\$/gi, '');

describe.each(testDatabaseKinds)('joins of transition tables on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  it('are planned at every call in every trigger function that has transition tables', async () => {
    const result = await t.app.db.execute(sql`
      select distinct p.proname as name, p.prosrc as source, tg.tgoldtable as old_table, tg.tgnewtable as new_table
      from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
      where tg.tgoldtable is not null and tg.tgnewtable is not null`);
    const functions = rowsOf<{ name: string; source: string; old_table: string; new_table: string }>(result);
    expect(functions.map((fn) => fn.name).sort()).toEqual(
      expect.arrayContaining(['ledgerdesk_notify_item_updates', 'ledgerdesk_sync_item_search']),
    );
    for (const fn of functions) {
      const planned = withoutPlannedPerCall(fn.source);
      for (const table of [fn.old_table, fn.new_table])
        expect(planned, `${fn.name} joins ${table} in a query planned once`).not.toMatch(
          new RegExp(`join\\s+${table}\\b`, 'i'),
        );
    }
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('a bulk update after a one-row update', () => {
  let t: TestApp;
  let admin: pg.Client;
  let userId = '';
  const plans: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    userId = (await signUp(t.app, 'plans@firm.com')).userId;
    // A superuser session on the same database prints each statement's plan, nested ones included, as a notice.
    admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    admin.on('notice', (notice) => plans.push(notice.message ?? ''));
    for (const setting of [
      "LOAD 'auto_explain'",
      'SET auto_explain.log_min_duration = 0',
      'SET auto_explain.log_analyze = on',
      'SET auto_explain.log_nested_statements = on',
      'SET auto_explain.log_level = notice',
      'SET client_min_messages = notice',
    ])
      await admin.query(setting);
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  it('joins its 300 old and new rows without comparing every pair', async () => {
    await admin.query(
      `insert into triage_items (user_id, subject, from_address)
       select $1, 'Item ' || g, 'client@bakery.test' from generate_series(1, 300) g`,
      [userId],
    );
    // The first update of the connection changes one row: the plans kept from it are planned for one row.
    await admin.query(
      `update triage_items set status = 'later' where id = (select id from triage_items where user_id = $1 limit 1)`,
      [userId],
    );
    plans.length = 0;
    const updated = await admin.query(`update triage_items set status = 'cleared' where user_id = $1`, [
      userId,
    ]);
    expect(updated.rowCount).toBe(300);

    const joins = plans.filter((plan) => /JOIN old_items o ON o\.id = n\.id/.test(plan));
    expect(joins.length, 'the two triggers that join old and new rows').toBe(2);
    for (const plan of joins) {
      const removed = [...plan.matchAll(/Rows Removed by Join Filter: (\d+)/g)].map((match) =>
        Number(match[1]),
      );
      // Pairwise: 300 × 300 − 300 = 89,700 rows removed; matched by id: at most the 300 rows themselves.
      expect(Math.max(0, ...removed), plan).toBeLessThanOrEqual(300);
    }
  });
});
