import type { ThreadDto } from '@ledgerdesk/domain/api/triage';
import { threadLoadErrorMessage } from '@ledgerdesk/domain/mail/thread-load-errors';
import { distinctSenders } from '@ledgerdesk/domain/triage/sender-address';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { type ItemRow, itemColumns, sourceJoin, toItemDto } from './item-row';

/** A thread never loads more than this many items (a longer one shows its newest). */
export const THREAD_MAX_ITEMS = 500;

/**
 * The items of a thread, oldest first (spec §7): every item with that email thread id, or the one item of a
 * "single-<id>" key, leaving out the items that only point at it (assignments, mentions: decision 013). None the
 * user can see → 404 with the thread-load text.
 */
export async function loadThread(tx: Tx, userId: string, threadKey: string): Promise<ThreadDto> {
  const result = await tx.execute(sql`
    select * from (
      select ${itemColumns('t')} from triage_items t ${sourceJoin('t')}
      where t.user_id = ${userId} and t.thread_key = ${threadKey} and not (t.metadata ? 'link')
      order by t.time desc, t.id desc
      limit ${THREAD_MAX_ITEMS}
    ) newest
    order by newest.time asc, newest.id asc`);
  const items = rowsOf<ItemRow>(result).map(toItemDto);
  const latest = items.at(-1);
  if (!latest) throw new AppError(404, 'EmailNotFound', threadLoadErrorMessage('EmailNotFound'));
  return {
    threadId: threadKey,
    subject: latest.subject,
    items,
    participants: distinctSenders(items.map((item) => item.fromAddress)),
    lastActivity: latest.time,
    emailCount: items.length,
  };
}
