import type { ChangeRecord, Mailbox, StoredMessage } from './types';

/** How many change records a mailbox keeps; older cursors then answer "expired". */
export const CHANGE_LOG_LIMIT = 250_000;

export function nextSeq(mailbox: Mailbox): number {
  mailbox.seq += 1;
  return mailbox.seq;
}

/** Allocation-free label check for list scans over large mailboxes. */
export function hasGmailLabel(message: StoredMessage, label: string): boolean {
  return label === 'UNREAD' ? !message.isRead : message.labels.includes(label);
}

export function gmailLabelIds(message: StoredMessage): string[] {
  return message.isRead ? [...message.labels] : [...message.labels, 'UNREAD'];
}

export function appendChange(
  mailbox: Mailbox,
  message: StoredMessage,
  change: Omit<ChangeRecord, 'seq' | 'serial' | 'immutableId' | 'id' | 'threadId' | 'labelIds'>,
): void {
  const seq = nextSeq(mailbox);
  message.changeSeq = seq;
  message.modifiedAt = Date.now();
  mailbox.log.push({
    seq,
    serial: message.serial,
    immutableId: message.immutableId,
    id: message.id,
    threadId: message.threadId,
    labelIds: gmailLabelIds(message),
    ...change,
  });
  if (mailbox.log.length > CHANGE_LOG_LIMIT) {
    const dropped = mailbox.log.splice(0, mailbox.log.length - CHANGE_LOG_LIMIT);
    const last = dropped[dropped.length - 1];
    if (last) mailbox.cursorFloor = Math.max(mailbox.cursorFloor, last.seq);
  }
}

/** Index of the first record with seq > afterSeq (binary search: the log is sorted). */
export function firstChangeAfter(mailbox: Mailbox, afterSeq: number): number {
  let low = 0;
  let high = mailbox.log.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const record = mailbox.log[mid];
    if (record && record.seq <= afterSeq) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A cursor is usable when it is not older than the retained window and not from the future. */
export function isCursorValid(mailbox: Mailbox, seq: number): boolean {
  return Number.isFinite(seq) && seq >= mailbox.cursorFloor && seq <= mailbox.seq;
}

/** Control API: every cursor issued so far stops working. */
export function expireCursors(mailbox: Mailbox): void {
  mailbox.cursorFloor = nextSeq(mailbox);
}

/**
 * Control API: every change recorded so far for the message known by `id` (any of its ids, even after it
 * was deleted) is left out of delta and history, as if the provider had lost it. Later changes show as usual.
 * Answers how many records were hidden.
 */
export function hideFromChanges(mailbox: Mailbox, id: string): number {
  let hidden = 0;
  for (const record of mailbox.log) {
    if (record.id !== id && record.immutableId !== id && record.previousId !== id) continue;
    record.isHiddenFromChanges = true;
    hidden++;
  }
  return hidden;
}
