import { TRIAGE_VIEWS } from '@ledgerdesk/domain/triage/triage-view';
import { TYPE_TABS } from '@ledgerdesk/domain/triage/type-tabs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { itemFiltersSql } from '../../src/features/triage/item-filters-sql';
import { seedIntegration } from '../integrations/seed-integration';
import { insertTriageItems, type SeedItem } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { listThreads } from './triage-api';

const statuses = ['inbox', 'later', 'low_priority', 'scheduled', 'sent', 'cleared', 'drafts'] as const;
const types = ['email', 'mention', 'notification'] as const;
const folderStates = [
  {},
  { exchange_folder_state: 'archive' },
  { exchange_folder_state: 'archived' },
  { exchange_folder_state: 'inbox' },
];

function items(count: number, mailboxId: string | null, offset = 0): SeedItem[] {
  return Array.from({ length: count }, (_, i) => ({
    type: types[(i + offset) % 3],
    isRead: (i + offset) % 4 === 0,
    status: statuses[(i + offset) % 7],
    emailIntegrationId: mailboxId,
    emailMessageId: mailboxId ? `m-${offset}-${i}` : null,
    metadata: folderStates[(i + offset) % 4],
  }));
}

// The list's `total` comes from counts the database maintains per bucket (migration 0006). After inserts,
// updates of every bucket column, deletes and another user's writes, every view, tab and mailbox filter must
// still give exactly what counting the rows gives.
describe.each(testDatabaseKinds)('maintained item counts (%s)', (kind) => {
  let t: TestApp;
  let user: { cookie: string; userId: string };
  let mailboxId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app, 'counts@firm.example');
    const other = await signUp(t.app, 'other-counts@firm.example');
    mailboxId = (await seedIntegration(t.app, user.userId, { emailAddress: 'counts@mail.example' })).id;
    await insertTriageItems(t.app.db, user.userId, items(60, mailboxId));
    await insertTriageItems(t.app.db, user.userId, items(25, null, 3));
    await insertTriageItems(t.app.db, other.userId, items(30, null, 1));
    await withUser(t.app.db, user.userId, async (tx) => {
      await tx.execute(sql`update triage_items set status = 'cleared' where id in (
        select id from triage_items where status = 'inbox' order by id limit 4)`);
      await tx.execute(sql`update triage_items set is_read = not is_read where type = 'mention'`);
      await tx.execute(sql`update triage_items set metadata = metadata || '{"exchange_folder_state": "archive"}'
        where status = 'later'`);
      await tx.execute(sql`update triage_items set type = 'notification' where id in (
        select id from triage_items where type = 'email' order by id limit 3)`);
      // Snoozed items leave the main view's count (migration 0008); one of them comes back.
      await tx.execute(sql`update triage_items set status = 'scheduled', snoozed_until = now() + interval '1 day'
        where id in (select id from triage_items where status in ('inbox', 'later') order by id limit 6)`);
      await tx.execute(sql`update triage_items set snoozed_until = null where id in (
        select id from triage_items where snoozed_until is not null order by id limit 1)`);
      await tx.execute(sql`update triage_items set subject = 'only the subject changed'`);
      await tx.execute(sql`delete from triage_items where id in (
        select id from triage_items where status = 'drafts' order by id limit 2)`);
    });
  });
  afterAll(async () => t?.close());

  const counted = async (query: Parameters<typeof itemFiltersSql>[0]) => {
    const result = await withUser(t.app.db, user.userId, (tx) =>
      tx.execute(sql`select count(*)::int as n from triage_items t
        where t.user_id = ${user.userId} and ${itemFiltersSql(query, 't')}`),
    );
    return Number(rowsOf<{ n: number }>(result)[0]?.n);
  };

  it('gives every view and tab the counted total', async () => {
    for (const view of TRIAGE_VIEWS) {
      for (const { id: tab } of TYPE_TABS) {
        const query = { view, tab, limit: 1 } as const;
        const { total } = await listThreads(t.app, user.cookie, query);
        expect({ view, tab, total }).toEqual({ view, tab, total: await counted(query) });
      }
    }
  });

  it('gives a mailbox filter the counted total, and a custom filter chip its own count', async () => {
    const byMailbox = { view: 'inbox', tab: 'all', mailboxId, limit: 1 } as const;
    const mailboxTotal = (await listThreads(t.app, user.cookie, byMailbox)).total;
    expect(mailboxTotal).toBe(await counted(byMailbox));
    expect(mailboxTotal).toBeGreaterThan(0);
    const chip = { view: 'inbox', tab: 'all', filters: [{ type: 'tag', value: 'VAT' }], limit: 1 } as const;
    expect((await listThreads(t.app, user.cookie, chip)).total).toBe(0);
  });

  it('gives the unread badges the counted unread totals, and Scheduled every scheduled item', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/triage/counts',
      headers: { cookie: user.cookie },
    });
    const unread = (view: 'inbox' | 'later' | 'drafts') => counted({ view, tab: 'unread', limit: 1 });
    expect(response.json().counts).toEqual({
      triage: await unread('inbox'),
      later: await unread('later'),
      scheduled: await counted({ view: 'scheduled', tab: 'all', limit: 1 }),
      drafts: await unread('drafts'),
      shared: {},
    });
  });

  it('keeps the buckets out of the app role’s reach except its own, read-only', async () => {
    const own = await withUser(t.app.db, user.userId, (tx) =>
      tx.execute(sql`select distinct user_id from triage_item_buckets`),
    );
    expect(rowsOf<{ user_id: string }>(own).map((row) => row.user_id)).toEqual([user.userId]);
    await expect(
      withUser(t.app.db, user.userId, (tx) => tx.execute(sql`update triage_item_buckets set item_count = 0`)),
    ).rejects.toThrow();
  });
});
