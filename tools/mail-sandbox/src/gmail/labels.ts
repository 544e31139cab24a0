import type { gmail_v1 } from '@googleapis/gmail';
import { hasGmailLabel } from '../store/change-log';
import type { Mailbox } from '../store/types';

export const SYSTEM_LABELS = [
  'INBOX',
  'SENT',
  'UNREAD',
  'TRASH',
  'SPAM',
  'STARRED',
  'IMPORTANT',
  'DRAFT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
] as const;

/** Labels a client may add or remove with messages.modify (Gmail rejects SENT and DRAFT). */
const MODIFIABLE = new Set<string>(SYSTEM_LABELS.filter((label) => label !== 'SENT' && label !== 'DRAFT'));

export function invalidLabel(labels: readonly string[]): string | undefined {
  return labels.find((label) => !MODIFIABLE.has(label));
}

export function labelJson(mailbox: Mailbox, id: string, withCounts: boolean): gmail_v1.Schema$Label {
  const label: gmail_v1.Schema$Label = {
    id,
    name: id,
    type: 'system',
    ...(id.startsWith('CATEGORY_')
      ? {}
      : { messageListVisibility: 'hide', labelListVisibility: 'labelShow' }),
  };
  if (!withCounts) return label;
  let total = 0;
  let unread = 0;
  const threads = new Set<string>();
  const unreadThreads = new Set<string>();
  for (const message of mailbox.messages) {
    if (!message || !hasGmailLabel(message, id)) continue;
    total++;
    threads.add(message.threadId);
    if (!message.isRead) {
      unread++;
      unreadThreads.add(message.threadId);
    }
  }
  return {
    ...label,
    messagesTotal: total,
    messagesUnread: unread,
    threadsTotal: threads.size,
    threadsUnread: unreadThreads.size,
  };
}
