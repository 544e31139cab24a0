import type { RuleOutcome } from '@ledgerdesk/domain/rules/plan-rule-outcome';
import { folderKeysOf, type ItemSnapshot, type MailboxChangeOperation, type NewRow } from '../../mail';

/** The metadata key that keeps a rule's Move to Notifications through later syncs of the message. */
export const RULE_TYPE_KEY = 'rule_type';

/** The row as the rules file it: the sync's row with the outcome's status, read state, type and folder keys. */
export function filedRow(row: NewRow, outcome: RuleOutcome, now: Date): NewRow {
  const metadata = { ...(row.metadata ?? {}) };
  const filed: NewRow = { ...row };
  if (outcome.status) filed.status = outcome.status;
  if (outcome.status === 'scheduled' && outcome.snoozeHours)
    filed.snoozedUntil = new Date(now.getTime() + outcome.snoozeHours * 3_600_000);
  if (outcome.status === 'cleared') {
    // As a person's clear writes it (update-items.ts): the folder state, and the folder the queued move goes to.
    metadata.exchange_folder_state = 'archive';
    metadata.mail_folder = 'archive';
  }
  if (outcome.isRead) filed.isRead = true;
  if (outcome.isNotification && row.type !== 'notification') {
    filed.type = 'notification';
    metadata[RULE_TYPE_KEY] = 'notification';
    metadata.notification_sender ??= row.fromAddress ?? '';
  }
  filed.metadata = metadata;
  return filed;
}

/** The item as the sync would have filed it: what Undo puts back. */
export function asFiledSnapshot(id: string, row: NewRow): ItemSnapshot {
  return {
    id,
    status: (row.status ?? 'inbox') as ItemSnapshot['status'],
    isRead: row.isRead ?? false,
    // Only the folder keys are read, which both metadata types share.
    folder: folderKeysOf((row.metadata ?? {}) as Parameters<typeof folderKeysOf>[0]),
    type: (row.type ?? 'email') as NonNullable<ItemSnapshot['type']>,
  };
}

/** The mailbox changes the filing implies, in a person's order: the read state, then the archive. */
export function mailboxOperationsOf(row: NewRow, filed: NewRow): MailboxChangeOperation[] {
  const operations: MailboxChangeOperation[] = [];
  if (filed.isRead && !row.isRead) operations.push('read');
  if (filed.status === 'cleared' && row.status !== 'cleared') operations.push('archive');
  return operations;
}
