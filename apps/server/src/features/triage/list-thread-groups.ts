import {
  THREAD_GROUP_EMAIL_CAP,
  type ThreadGroupDto,
  type ThreadsPage,
  type ThreadsQuery,
  type TriageItemDto,
} from '@ledgerdesk/domain/api/triage';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import { searchHeads, walkHeads } from './find-thread-heads';
import { itemFiltersSql, narrowingPattern, searchTextMatches } from './item-filters-sql';
import { type ItemRow, itemColumns, sourceJoin, toItemDto } from './item-row';
import { decodeCursor, encodeCursor } from './thread-cursor';

/**
 * One page of thread groups for a view, newest activity first (spec §2, §4). The page's thread keys are
 * found first — each thread is represented by its newest matching item — then those threads' matching items
 * are loaded in one query. Without a search the keys come from walking the view's index newest first and
 * stop after one page; with a search (or a sender chip) the trigram index narrows the rows first.
 */
export async function listThreadGroups(tx: Tx, userId: string, query: ThreadsQuery): Promise<ThreadsPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const pattern = narrowingPattern(query);
  const { heads, total } = pattern
    ? await searchHeads(tx, userId, query, pattern, cursor)
    : await walkHeads(tx, userId, query, cursor);
  const page = heads.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    heads.length > query.limit && last
      ? encodeCursor({ lastActivity: last.last_activity, itemId: last.id })
      : null;
  const groups = await loadGroups(
    tx,
    userId,
    query,
    pattern,
    page.map((head) => head.thread_key),
  );
  return { groups, nextCursor, total };
}

type GroupItemRow = ItemRow & { item_count: number | string; unread_count: number | string };

async function loadGroups(
  tx: Tx,
  userId: string,
  query: ThreadsQuery,
  pattern: SQL | null,
  keys: string[],
): Promise<ThreadGroupDto[]> {
  if (keys.length === 0) return [];
  // The page's threads, and of them only the items the listing shows.
  const matches = sql`t.user_id = ${userId} and t.thread_key in (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}) and ${itemFiltersSql(query, 't')} ${pattern ? sql`and ${searchTextMatches('t', pattern)}` : sql``}`;
  const result = await tx.execute(sql`
    select ${itemColumns('t')}, t.item_count, t.unread_count from (
      select t.*, row_number() over newest as rn, count(*) over thread as item_count,
        count(*) filter (where not t.is_read) over thread as unread_count
      from triage_items t
      where ${matches}
      window thread as (partition by t.thread_key),
        newest as (partition by t.thread_key order by t.time desc, t.id)
    ) t ${sourceJoin('t')}
    where t.rn <= ${THREAD_GROUP_EMAIL_CAP}
    order by t.thread_key, t.time desc, t.id`);
  const byKey = new Map<string, { emails: TriageItemDto[]; itemCount: number; unreadCount: number }>();
  for (const row of rowsOf<GroupItemRow>(result)) {
    const entry = byKey.get(row.thread_key) ?? {
      emails: [],
      itemCount: Number(row.item_count),
      unreadCount: Number(row.unread_count),
    };
    entry.emails.push(toItemDto(row));
    byKey.set(row.thread_key, entry);
  }
  const cappedKeys = [...byKey]
    .filter(([, entry]) => entry.itemCount > entry.emails.length)
    .map(([key]) => key);
  const participantsOfCapped = await loadParticipants(tx, cappedKeys, matches);
  return keys.flatMap((key) => {
    const entry = byKey.get(key);
    const latestEmail = entry?.emails[0];
    if (!entry || !latestEmail) return [];
    return [
      {
        id: key,
        isThread: entry.itemCount > 1,
        emails: entry.emails,
        latestEmail,
        subject: latestEmail.subject,
        participants: participantsOfCapped.get(key) ?? [
          ...new Set(entry.emails.map((email) => email.fromAddress)),
        ],
        unreadCount: entry.unreadCount,
        lastActivity: latestEmail.time,
        itemCount: entry.itemCount,
      },
    ];
  });
}

/** Senders of threads too long to travel whole, newest first (only those threads are queried). */
async function loadParticipants(tx: Tx, keys: string[], matches: SQL): Promise<Map<string, string[]>> {
  const participants = new Map<string, string[]>();
  if (keys.length === 0) return participants;
  const result = await tx.execute(sql`
    select t.thread_key, coalesce(t.from_address, '') as from_address from triage_items t
    where ${matches} and t.thread_key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})
    group by t.thread_key, t.from_address
    order by t.thread_key, max(t.time) desc`);
  for (const row of rowsOf<{ thread_key: string; from_address: string }>(result)) {
    const list = participants.get(row.thread_key) ?? [];
    list.push(row.from_address);
    participants.set(row.thread_key, list);
  }
  return participants;
}
