import type { SenderChoiceResponse } from '@ledgerdesk/domain/api/senders';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { followUpReminders } from '../../db/schema/follow-up-reminders';
import { senderPreferences } from '../../db/schema/sender-preferences';
import { viewSql } from './item-filters-sql';
import { type ItemRow, itemColumns, sourceJoin } from './item-row';

type SenderKind = SenderChoiceResponse['kind'];

/**
 * Triage's queries beside the list walk (`find-thread-heads.ts`, `list-thread-groups.ts`) and the action writes
 * (`item-writes.ts`, `undo-repository.ts`): snoozing, follow-up reminders, the sidebar counts, a sender's choice, a
 * thread's items and the embedded database's statistics. Inside `withUser`, except the statistics.
 */

const idList = (ids: readonly string[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export type LockedItem = { id: string; status: string; folderState: string | null };
export type SnoozedItem = { id: string; status: string; isRead: boolean; snoozedUntil: Date | string | null };

type SnoozedRow = { id: string; status: string; is_read: boolean; snoozed_until: Date | string | null };

const toSnoozedItem = (row: SnoozedRow): SnoozedItem => ({
  id: row.id,
  status: row.status,
  isRead: row.is_read,
  snoozedUntil: row.snoozed_until,
});

/** Locks `ownerId`'s items of `ids` until the transaction ends; answers those found, with their folder state. */
export async function lockOwnItems(
  tx: DbOrTx,
  options: { ownerId: string; ids: readonly string[] },
): Promise<LockedItem[]> {
  const result = await tx.execute(sql`
    select id, status, metadata->>'exchange_folder_state' as folder_state from triage_items
    where user_id = ${options.ownerId} and id in (${idList(options.ids)}) for update`);
  return rowsOf<{ id: string; status: string; folder_state: string | null }>(result).map((row) => ({
    id: row.id,
    status: row.status,
    folderState: row.folder_state,
  }));
}

/** Moves `ownerId`'s items of `ids` to Scheduled until `until`. */
export async function snoozeItems(
  tx: DbOrTx,
  options: { ownerId: string; ids: readonly string[]; until: Date },
): Promise<SnoozedItem[]> {
  const result = await tx.execute(sql`
    update triage_items set status = 'scheduled', snoozed_until = ${options.until.toISOString()}::timestamptz,
      updated_at = now()
    where user_id = ${options.ownerId} and id in (${idList(options.ids)})
    returning id, status, is_read, snoozed_until`);
  return rowsOf<SnoozedRow>(result).map(toSnoozedItem);
}

/** Brings `ownerId`'s scheduled items of `ids` back to the inbox now. */
export async function unsnoozeItems(
  tx: DbOrTx,
  options: { ownerId: string; ids: readonly string[] },
): Promise<SnoozedItem[]> {
  const result = await tx.execute(sql`
    update triage_items set status = 'inbox', snoozed_until = null, updated_at = now()
    where user_id = ${options.ownerId} and id in (${idList(options.ids)}) and status = 'scheduled'
    returning id, status, is_read, snoozed_until`);
  return rowsOf<SnoozedRow>(result).map(toSnoozedItem);
}

export type OwnCounts = { triage: number; later: number; scheduled: number; drafts: number };

/**
 * The user's unread badges for Triage, Later and Drafts and every scheduled item, summed in one query from their
 * maintained item buckets (migration 0006) with the list's own view SQL.
 */
export async function countOwnItems(tx: DbOrTx, userId: string): Promise<OwnCounts> {
  const unread = (view: 'inbox' | 'later' | 'drafts') =>
    sql`(select coalesce(sum(b.item_count), 0)::int from triage_item_buckets b
    where b.user_id = ${userId} and not b.is_read and ${viewSql(view, 'b')})`;
  const scheduled = sql`(select coalesce(sum(b.item_count), 0)::int from triage_item_buckets b
    where b.user_id = ${userId} and ${viewSql('scheduled', 'b')})`;
  const result = await tx.execute(sql`
    select ${unread('inbox')} as triage, ${unread('later')} as later,
      ${scheduled} as scheduled, ${unread('drafts')} as drafts`);
  const row = rowsOf<Record<string, string | number>>(result)[0] ?? {};
  return {
    triage: Number(row.triage ?? 0),
    later: Number(row.later ?? 0),
    scheduled: Number(row.scheduled ?? 0),
    drafts: Number(row.drafts ?? 0),
  };
}

/**
 * The unread inbox count of each mailbox shared with the user's firm (not their own): their owner's buckets,
 * which row-level security lets a member read.
 */
export async function countSharedUnread(tx: DbOrTx, userId: string): Promise<Record<string, number>> {
  const result = await tx.execute(sql`
    select s.integration_id::text as mailbox_id, coalesce(sum(b.item_count), 0)::int as unread
    from ledgerdesk_shared_mailboxes() s
    left join triage_item_buckets b on b.user_id = s.owner_user_id
      and b.mailbox_id = s.integration_id and not b.is_read and ${viewSql('inbox', 'b')}
    where s.owner_user_id <> ${userId}
    group by s.integration_id`);
  return Object.fromEntries(
    rowsOf<{ mailbox_id: string; unread: number | string }>(result).map((entry) => [
      entry.mailbox_id,
      Number(entry.unread),
    ]),
  );
}

/** Stores the user's Email / Notifications choice for a sender (decision 014). */
export async function saveSenderChoice(
  tx: DbOrTx,
  choice: { userId: string; address: string; kind: SenderKind },
): Promise<void> {
  await tx
    .insert(senderPreferences)
    .values(choice)
    .onConflictDoUpdate({
      target: [senderPreferences.userId, senderPreferences.address],
      set: { kind: sql`excluded.kind`, updatedAt: sql`now()` },
    });
}

/** Re-types the user's own items from `address` to `kind`; answers how many changed. */
export async function retypeSenderItems(
  tx: DbOrTx,
  choice: { userId: string; address: string; kind: SenderKind },
): Promise<number> {
  const { userId, address, kind } = choice;
  const result = await tx.execute(sql`
    update triage_items t set type = ${kind},
      metadata = case when ${kind} = 'notification'
        then t.metadata || jsonb_build_object('notification_sender', t.from_address, 'automated_reason', 'your choice')
        else t.metadata - 'notification_sender' - 'automated_reason' end,
      updated_at = now()
    where t.user_id = ${userId} and t.type <> 'mention' and t.type <> ${kind} and not (t.metadata ? 'link')
      and t.notification_type <> 'system'
      and lower(coalesce(substring(t.from_address from '<([^<>]*)>\\s*$'), trim(t.from_address))) = ${address}
    returning t.id`);
  return rowsOf(result).length;
}

/** A thread's newest `limit` items (not those pointing at it), oldest first, as the item DTO reads them. */
export async function listThreadItemRows(
  tx: DbOrTx,
  thread: { userId: string; threadKey: string; limit: number },
): Promise<ItemRow[]> {
  const result = await tx.execute(sql`
    select * from (
      select ${itemColumns('t')} from triage_items t ${sourceJoin('t')}
      where t.user_id = ${thread.userId} and t.thread_key = ${thread.threadKey} and not (t.metadata ? 'link')
      order by t.time desc, t.id desc
      limit ${thread.limit}
    ) newest
    order by newest.time asc, newest.id asc`);
  return rowsOf<ItemRow>(result);
}

/** The planner's row estimate for triage items and the rows changed since they were last analyzed. */
export async function triageItemStatistics(
  db: DbOrTx,
): Promise<{ reltuples: number; changed: number } | null> {
  const result = await db.execute(sql`
    select c.reltuples::float8 as reltuples, coalesce(s.n_mod_since_analyze, 0)::float8 as changed
    from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
    where c.oid = 'public.triage_items'::regclass`);
  const row = rowsOf<{ reltuples: number; changed: number }>(result)[0];
  return row ? { reltuples: Number(row.reltuples), changed: Number(row.changed) } : null;
}

/** Analyzes triage items (a definer function: the app role does not own the table). */
export async function analyzeTriageItems(db: DbOrTx): Promise<void> {
  await db.execute(sql`select ledgerdesk_analyze_triage_items()`);
}

/** Records a follow-up reminder for a message just sent (the triage timers fire or cancel it). */
export async function insertFollowUpReminder(
  tx: DbOrTx,
  reminder: {
    userId: string;
    integrationId: string;
    threadId: string | null;
    subject: string;
    sentAt: Date;
    remindAt: Date;
  },
): Promise<void> {
  await tx.insert(followUpReminders).values({
    userId: reminder.userId,
    emailIntegrationId: reminder.integrationId,
    emailThreadId: reminder.threadId,
    subject: reminder.subject,
    sentAt: reminder.sentAt,
    remindAt: reminder.remindAt,
  });
}
