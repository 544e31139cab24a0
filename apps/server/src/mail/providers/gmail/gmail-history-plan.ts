import type { gmail_v1 } from '@googleapis/gmail';
import { folderFromLabels } from './gmail-message';

/** The history records a sync reads (all four kinds Gmail has, asked for by name). */
export const HISTORY_TYPES = ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'] as const;

/**
 * The labels a stored item depends on: its folder (folderFromLabels) and its read state. A change of any other
 * label (STARRED, IMPORTANT, CATEGORY_*, the user's own) changes nothing Ledgerdesk keeps.
 */
const KEPT_LABELS = new Set(['INBOX', 'SENT', 'UNREAD', 'TRASH', 'SPAM', 'DRAFT']);

export type HistoryPagePlan = {
  /** Deleted from the mailbox. */
  deleted: string[];
  /** In no synced folder after this page (trash, spam, a draft), as the records' labels say: no fetch needed. */
  gone: string[];
  /** New, or moved/read/unread: fetched (messages.get costs the same 5 units in every format). */
  fetch: string[];
};

/**
 * What one page of history asks of the sync, spending as little quota as it can: a message whose changes in
 * this page are all to labels Ledgerdesk does not keep is not fetched, nor one whose labels after its last
 * record put it in no synced folder (a later page carries any later change).
 */
export function planHistoryPage(records: readonly gmail_v1.Schema$History[]): HistoryPagePlan {
  const deleted = new Set<string>();
  const needsFetch = new Set<string>();
  const lastLabels = new Map<string, string[]>();
  const note = (message: gmail_v1.Schema$Message | undefined, isRelevant: boolean) => {
    if (!message?.id) return;
    if (message.labelIds) lastLabels.set(message.id, message.labelIds);
    if (isRelevant) needsFetch.add(message.id);
  };
  for (const record of records) {
    for (const entry of record.messagesDeleted ?? []) if (entry.message?.id) deleted.add(entry.message.id);
    for (const entry of record.messagesAdded ?? []) note(entry.message, true);
    for (const entry of [...(record.labelsAdded ?? []), ...(record.labelsRemoved ?? [])]) {
      note(
        entry.message,
        (entry.labelIds ?? []).some((label) => KEPT_LABELS.has(label)),
      );
    }
  }
  const gone: string[] = [];
  const fetch: string[] = [];
  for (const id of needsFetch) {
    if (deleted.has(id)) continue;
    const labels = lastLabels.get(id);
    if (labels && folderFromLabels(labels) === null) gone.push(id);
    else fetch.push(id);
  }
  return { deleted: [...deleted], gone, fetch };
}
