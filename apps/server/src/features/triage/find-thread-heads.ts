import type { ThreadsQuery } from '@ledgerdesk/domain/api/triage';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import { bucketFiltersSql, itemFiltersSql } from './item-filters-sql';
import type { ThreadCursor } from './thread-cursor';

/** A page's thread: its key and its newest matching item (id, time at full database precision). */
export type Head = { thread_key: string; id: string; last_activity: string };

// Groups sort like the domain's compareNewestFirst on their latest item: time descending, then id ascending.
function keysetSql(cursor: ThreadCursor | null): SQL {
  if (!cursor) return sql``;
  const time = sql`${cursor.lastActivity}::timestamptz`;
  return sql`and h.time <= ${time} and (h.time < ${time} or h.id > ${cursor.itemId}::uuid)`;
}

/** The page of threads of a listing without a search, and the matching item count. */
export async function walkHeads(
  tx: Tx,
  userId: string,
  query: ThreadsQuery,
  cursor: ThreadCursor | null,
): Promise<{ heads: Head[]; total: number }> {
  // Walk the view's index newest first and keep an item when it is its thread's newest matching item: the
  // walk stops after one page. The planner cannot know how soon that is and, left alone (or without
  // statistics, as on PGlite, which never autovacuums), may sort every matching row first — hundreds of
  // milliseconds at 100,000 items. With sorting off for this one statement it walks the index that every view
  // and tab has (migration 0002). Sorting is allowed again afterwards: loading the page's items needs it. (The
  // setting is transaction-local; JIT is off for every session, db/client.ts.)
  await tx.execute(sql`select set_config('enable_sort', 'off', true)`);
  const result = await tx.execute(sql`
    select c.total, p.thread_key, p.id, p.last_activity
    from (${totalSql(userId, query)}) c
    left join lateral (
      select h.thread_key, h.id, h.time, to_json(h.time) #>> '{}' as last_activity
      from triage_items h
      where h.user_id = ${userId} and ${itemFiltersSql(query, 'h')} ${keysetSql(cursor)}
        and h.id = (
          select n.id from triage_items n
          where n.user_id = ${userId} and n.thread_key = h.thread_key and ${itemFiltersSql(query, 'n')}
          order by n.time desc, n.id
          limit 1)
      order by h.time desc, h.id
      limit ${query.limit + 1}
    ) p on true
    order by p.time desc, p.id`);
  await tx.execute(sql`select set_config('enable_sort', 'on', true)`);
  return headsOf(result);
}

/**
 * The matching item count: summed from the user's few maintained buckets (migration 0006) when they can answer
 * the query, else counted (a custom filter chip; counting 100,000 rows dominated the inbox's first page).
 */
function totalSql(userId: string, query: ThreadsQuery): SQL {
  const bucketFilters = bucketFiltersSql(query);
  if (bucketFilters) {
    return sql`select coalesce(sum(b.item_count), 0)::int as total from triage_item_buckets b
      where b.user_id = ${userId} and ${bucketFilters}`;
  }
  return sql`select count(*)::int as total from triage_items t
    where t.user_id = ${userId} and ${itemFiltersSql(query, 't')}`;
}

function headsOf(result: unknown): { heads: Head[]; total: number } {
  const rows = rowsOf<{
    total: number;
    thread_key: string | null;
    id: string | null;
    last_activity: string | null;
  }>(result);
  return {
    heads: rows.flatMap((row) =>
      row.thread_key && row.id && row.last_activity
        ? [{ thread_key: row.thread_key, id: row.id, last_activity: row.last_activity }]
        : [],
    ),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The page of threads of a listing narrowed by a trigram pattern, and the matching item count. */
export async function searchHeads(
  tx: Tx,
  userId: string,
  query: ThreadsQuery,
  pattern: SQL,
  cursor: ThreadCursor | null,
): Promise<{ heads: Head[]; total: number }> {
  const result = await tx.execute(sql`
    with m as materialized (
      select t.thread_key, t.time, t.id from ledgerdesk_search_triage_items(${pattern}) t
      where t.user_id = ${userId} and ${itemFiltersSql(query, 't')}
    ), heads as (
      select distinct on (thread_key) thread_key, time, id from m order by thread_key, time desc, id
    )
    select c.total, p.thread_key, p.id, p.last_activity
    from (select count(*)::int as total from m) c
    left join lateral (
      select h.thread_key, h.id, h.time, to_json(h.time) #>> '{}' as last_activity from heads h
      where true ${keysetSql(cursor)}
      order by h.time desc, h.id
      limit ${query.limit + 1}
    ) p on true
    order by p.time desc, p.id`);
  return headsOf(result);
}
