import type { ThreadDto } from '@ledgerdesk/domain/api/triage';
import { threadLoadErrorMessage } from '@ledgerdesk/domain/mail/thread-load-errors';
import { distinctSenders } from '@ledgerdesk/domain/triage/sender-address';
import type { Tx } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { toItemDto } from './item-row';
import { listThreadItemRows } from './triage-repository';

/** A thread never loads more than this many items (a longer one shows its newest). */
export const THREAD_MAX_ITEMS = 500;

/**
 * The items of a thread, oldest first (spec §7): every item with that email thread id, or the one item of a
 * "single-<id>" key, leaving out the items that only point at it (assignments, mentions: decision 013). None the
 * user can see → 404 with the thread-load text.
 */
export async function loadThread(tx: Tx, userId: string, threadKey: string): Promise<ThreadDto> {
  const rows = await listThreadItemRows(tx, { userId, threadKey, limit: THREAD_MAX_ITEMS });
  const items = rows.map(toItemDto);
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
