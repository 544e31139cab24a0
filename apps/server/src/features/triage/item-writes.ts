import type { TriageItemDto } from '@ledgerdesk/domain/api/triage';
import type { TriageItemMetadata, TriageStatus } from '@ledgerdesk/domain/entities';
import {
  type FolderAction,
  nextMetadata,
  type UpdatableItem,
} from '@ledgerdesk/domain/triage/plan-item-update';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import { type ItemRow, itemColumns, sourceJoin, toItemDto } from './item-row';

export type StoredItem = UpdatableItem & { id: string };

/** One item's new values; a missing field keeps the stored value. */
export type WriteRow = {
  id: string;
  status?: TriageStatus;
  isRead?: boolean;
  syncPriority?: number;
  metadataPatch?: TriageItemMetadata | null;
  folderAction?: FolderAction | null;
  emailMessageId?: string;
};

const idsJson = (ids: readonly string[]) => JSON.stringify(ids);

/**
 * The update-relevant state of the given items that the user can see (row-level security hides the rest),
 * locked until the action's transaction ends, so two actions on one item take turns.
 */
export async function loadUpdatableItems(
  tx: Tx,
  userId: string,
  ids: readonly string[],
): Promise<StoredItem[]> {
  const result = await tx.execute(sql`
    select t.id, t.status, t.is_read, t.metadata, t.email_message_id, t.email_integration_id
    from triage_items t
    where t.user_id = ${userId}
      and t.id in (select jsonb_array_elements_text(${idsJson(ids)}::jsonb)::uuid)
    for update`);
  return rowsOf<{
    id: string;
    status: TriageStatus;
    is_read: boolean;
    metadata: TriageItemMetadata | null;
    email_message_id: string | null;
    email_integration_id: string | null;
  }>(result).map((row) => ({
    id: row.id,
    status: row.status,
    isRead: row.is_read,
    metadata: row.metadata ?? {},
    emailMessageId: row.email_message_id,
    emailIntegrationId: row.email_integration_id,
  }));
}

/** How one row's metadata changes: the top-level keys set to a new value and the keys removed. */
type MetadataChange = { set: TriageItemMetadata; unset: string[] };

/** The flag a refused mailbox change leaves on its item until the next action (decision 010). */
const CHANGE_FAILED_KEY = 'mailbox_change_failed';

/**
 * The metadata change of the rows that change it, worked out from the stored value that loadUpdatableItems read
 * and locked in this transaction, so keys written before it (the mailbox layer notes where a moved message now
 * lives) are kept and none can be written meanwhile. Only the difference travels: a bulk clear sends each row's
 * two folder keys, not its whole metadata (500 rows: ~300 KB of JSON less to send and parse). A new action ends
 * an earlier refused change's flag. A row with no difference is not in the map, and its metadata is not written.
 */
function metadataChanges(
  rows: readonly WriteRow[],
  stored: readonly StoredItem[],
): Map<string, MetadataChange> {
  const storedById = new Map(stored.map((item) => [item.id, item.metadata]));
  const result = new Map<string, MetadataChange>();
  for (const row of rows) {
    const before = storedById.get(row.id) ?? {};
    const hasFailedFlag = before[CHANGE_FAILED_KEY] !== undefined;
    if (!row.metadataPatch && !row.folderAction && !hasFailedFlag) continue;
    const after = nextMetadata(before, row.metadataPatch, row.folderAction ?? null);
    const { [CHANGE_FAILED_KEY]: _flag, ...kept } = after;
    const change = differenceOf(before, kept);
    if (Object.keys(change.set).length > 0 || change.unset.length > 0) result.set(row.id, change);
  }
  return result;
}

function differenceOf(before: TriageItemMetadata, after: TriageItemMetadata): MetadataChange {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && JSON.stringify(before[key]) !== JSON.stringify(value)) set[key] = value;
  }
  // A key whose value is undefined would be left out of the JSON, so it is removed like a deleted one.
  const unset = Object.keys(before).filter((key) => after[key] === undefined);
  return { set: set as TriageItemMetadata, unset };
}

/** The columns a write sets: only those some row changes, so a read toggle neither rewrites every row's
 * metadata (a new jsonb value each, re-TOASTed when large) nor fires the row triggers on `status`. */
function setClauses(payload: readonly Record<string, unknown>[]) {
  const has = (key: string) => payload.some((row) => row[key] !== undefined);
  const clauses = [
    has('status') ? sql`status = coalesce(p.status, t.status)` : null,
    has('is_read') ? sql`is_read = coalesce(p.is_read, t.is_read)` : null,
    has('sync_priority') ? sql`sync_priority = coalesce(p.sync_priority, t.sync_priority)` : null,
    has('metadata_set')
      ? sql`metadata = case when p.metadata_set is null then t.metadata
          else (t.metadata - p.metadata_unset) || p.metadata_set end`
      : null,
    has('email_message_id') ? sql`email_message_id = coalesce(p.email_message_id, t.email_message_id)` : null,
    sql`updated_at = now()`,
  ];
  return sql.join(
    clauses.filter((clause) => clause !== null),
    sql`, `,
  );
}

/**
 * Writes every row in one statement, stamping updated_at and ending an earlier refused change's flag; answers the
 * updated items. `stored` is what loadUpdatableItems locked for these rows in the same transaction.
 */
export async function writeItems(
  tx: Tx,
  userId: string,
  rows: readonly WriteRow[],
  stored: readonly StoredItem[],
): Promise<TriageItemDto[]> {
  if (rows.length === 0) return [];
  const metadataById = metadataChanges(rows, stored);
  // Undefined fields are left out of the JSON, so they arrive as SQL NULL and coalesce keeps the stored value.
  const payload = rows.map((row) => ({
    id: row.id,
    status: row.status,
    is_read: row.isRead,
    sync_priority: row.syncPriority,
    metadata_set: metadataById.get(row.id)?.set,
    metadata_unset: metadataById.get(row.id)?.unset,
    email_message_id: row.emailMessageId,
  }));
  const result = await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as p(id uuid, status text,
        is_read boolean, sync_priority int, metadata_set jsonb, metadata_unset text[], email_message_id text)
    ), u as (
      update triage_items t set ${setClauses(payload)}
      from p
      where t.id = p.id and t.user_id = ${userId}
      returning t.*
    )
    select ${itemColumns('u')} from u ${sourceJoin('u')}
    order by u.time desc, u.id desc`);
  return rowsOf<ItemRow>(result).map(toItemDto);
}

/** The user's items of `items` as they are now, newest first (after an action wrote more than writeItems did). */
export async function readItems(
  tx: Tx,
  userId: string,
  items: readonly { id: string }[],
): Promise<TriageItemDto[]> {
  const result = await tx.execute(sql`
    select ${itemColumns('u')} from triage_items u ${sourceJoin('u')}
    where u.user_id = ${userId}
      and u.id in (select jsonb_array_elements_text(${idsJson(items.map((item) => item.id))}::jsonb)::uuid)
    order by u.time desc, u.id desc`);
  return rowsOf<ItemRow>(result).map(toItemDto);
}
