import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorInfo } from '../../src/db/pg-error';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('row-level security on %s', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  let aliceItemId = '';
  let aliceIntegrationId = '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app, 'alice@firm.com');
    bob = await signUp(t.app, 'bob@firm.com');
    await withUser(t.app.db, alice.userId, async (tx) => {
      const integration = await tx.execute(sql`
        insert into email_integrations (user_id, provider, email_address) values (${alice.userId}, 'office365', 'alice@firm.com')
        returning id`);
      aliceIntegrationId = rowsOf<{ id: string }>(integration)[0]?.id ?? '';
      await tx.execute(
        sql`insert into notification_sources (user_id, source_name) values (${alice.userId}, 'alice@firm.com')`,
      );
      const item = await tx.execute(sql`
        insert into triage_items (user_id, subject, from_address, email_message_id, email_integration_id)
        values (${alice.userId}, 'Year-end accounts', 'client@bakery.test', 'msg-1', ${aliceIntegrationId}) returning id`);
      aliceItemId = rowsOf<{ id: string }>(item)[0]?.id ?? '';
    });
  });
  afterAll(async () => t.close());

  const count = async (userId: string, table: string) => {
    const result = await withUser(t.app.db, userId, (tx) =>
      tx.execute(sql.raw(`select count(*)::int as n from ${table}`)),
    );
    return rowsOf<{ n: number }>(result)[0]?.n;
  };

  it('runs every query as the app role, which cannot bypass row-level security', async () => {
    const result = await t.app.db.execute(
      sql`select current_user as name, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user`,
    );
    expect(rowsOf(result)[0]).toEqual({ name: 'ledgerdesk_app', rolsuper: false, rolbypassrls: false });
  });

  it('shows a user only their own rows in every user-owned table', async () => {
    for (const table of ['triage_items', 'email_integrations', 'notification_sources', 'profiles']) {
      expect(await count(alice.userId, table), `alice in ${table}`).toBe(1);
      expect(await count(bob.userId, table), `bob in ${table}`).toBe(table === 'profiles' ? 1 : 0);
    }
  });

  it('shows nothing at all outside a user transaction', async () => {
    const result = await t.app.db.execute(sql`select count(*)::int as n from triage_items`);
    expect(rowsOf<{ n: number }>(result)[0]?.n).toBe(0);
  });

  it("lets no one change or delete another user's rows, even by id", async () => {
    const updated = await withUser(t.app.db, bob.userId, (tx) =>
      tx.execute(sql`update triage_items set subject = 'hijacked' where id = ${aliceItemId} returning id`),
    );
    expect(rowsOf(updated)).toHaveLength(0);
    const deleted = await withUser(t.app.db, bob.userId, (tx) =>
      tx.execute(sql`delete from email_integrations where id = ${aliceIntegrationId} returning id`),
    );
    expect(rowsOf(deleted)).toHaveLength(0);
    const profile = await withUser(t.app.db, bob.userId, (tx) =>
      tx.execute(sql`update profiles set full_name = 'Bob' where id = ${alice.userId} returning id`),
    );
    expect(rowsOf(profile)).toHaveLength(0);
    const subject = await withUser(t.app.db, alice.userId, (tx) =>
      tx.execute(sql`select subject from triage_items`),
    );
    expect(rowsOf(subject)).toEqual([{ subject: 'Year-end accounts' }]);
  });

  it("refuses a row written in another user's name with an RLS violation", async () => {
    const attempt = withUser(t.app.db, bob.userId, (tx) =>
      tx.execute(sql`insert into triage_items (user_id, subject) values (${alice.userId}, 'planted')`),
    );
    const error = await attempt.catch((caught: unknown) => caught);
    expect(pgErrorInfo(error)?.code).toBe('42501');
    expect(await count(alice.userId, 'triage_items')).toBe(1);
  });

  it("cannot move a row of one's own over to another user", async () => {
    await withUser(t.app.db, bob.userId, (tx) =>
      tx.execute(sql`insert into triage_items (user_id, subject) values (${bob.userId}, 'mine')`),
    );
    const attempt = withUser(t.app.db, bob.userId, (tx) =>
      tx.execute(sql`update triage_items set user_id = ${alice.userId}`),
    );
    expect(pgErrorInfo(await attempt.catch((caught: unknown) => caught))?.code).toBe('42501');
  });

  it("gives user B none of user A's data through the API", async () => {
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: bob.cookie },
    });
    expect(profile.json().profile.email).toBe('bob@firm.com');
    const counts = await t.app.inject({
      method: 'GET',
      url: '/api/triage/counts',
      headers: { cookie: bob.cookie },
    });
    expect(counts.json().counts.triage).toBe(1);
    const aliceCounts = await t.app.inject({
      method: 'GET',
      url: '/api/triage/counts',
      headers: { cookie: alice.cookie },
    });
    expect(aliceCounts.json().counts.triage).toBe(1);
  });

  it('enforces the spec defaults and check constraints', async () => {
    const result = await withUser(t.app.db, alice.userId, (tx) =>
      tx.execute(
        sql`select sync_priority, sync_error_count, notification_type, status, type, is_read from triage_items where id = ${aliceItemId}`,
      ),
    );
    expect(rowsOf(result)[0]).toEqual({
      sync_priority: 5,
      sync_error_count: 0,
      notification_type: 'email',
      status: 'inbox',
      type: 'email',
      is_read: false,
    });
    const bad = withUser(t.app.db, alice.userId, (tx) =>
      tx.execute(sql`update triage_items set status = 'bogus' where id = ${aliceItemId}`),
    );
    const info = pgErrorInfo(await bad.catch((caught: unknown) => caught));
    expect(info?.constraint).toBe('triage_items_check_status');
  });

  it('makes a synced message impossible to insert twice per integration', async () => {
    const duplicate = withUser(t.app.db, alice.userId, (tx) =>
      tx.execute(
        sql`insert into triage_items (user_id, subject, email_message_id, email_integration_id) values (${alice.userId}, 'again', 'msg-1', ${aliceIntegrationId})`,
      ),
    );
    expect(pgErrorInfo(await duplicate.catch((caught: unknown) => caught))?.code).toBe('23505');
  });
});
