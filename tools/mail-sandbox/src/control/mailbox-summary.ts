import { newestFirst } from '../store/message-ops';
import type { FolderKey, Mailbox } from '../store/types';

export type MessageSummary = {
  id: string;
  /** Stable across moves (Graph's immutable id): the key of the mailbox's change log. */
  immutableId: string;
  threadId: string;
  folder: FolderKey;
  subject: string;
  from: string;
  to: string[];
  isRead: boolean;
  receivedDateTime: string;
};

export type MailboxSummary = {
  address: string;
  provider: Mailbox['provider'];
  folders: Record<'inbox' | 'sent' | 'archive', { total: number; unread: number }>;
  messages: MessageSummary[];
};

/** Control API view of a mailbox: folder counts and its messages, newest first. */
export function mailboxSummary(mailbox: Mailbox, limit = Number.POSITIVE_INFINITY): MailboxSummary {
  const messages: MessageSummary[] = [];
  for (const message of newestFirst(mailbox)) {
    if (messages.length >= limit) break;
    messages.push({
      id: message.id,
      immutableId: message.immutableId,
      threadId: message.threadId,
      folder: message.folder,
      subject: message.subject,
      from: message.from.address,
      to: message.to.map((address) => address.address),
      isRead: message.isRead,
      receivedDateTime: new Date(message.receivedAt).toISOString(),
    });
  }
  const { inbox, sent, archive } = mailbox.counts;
  return {
    address: mailbox.address,
    provider: mailbox.provider,
    folders: { inbox: { ...inbox }, sent: { ...sent }, archive: { ...archive } },
    messages,
  };
}
