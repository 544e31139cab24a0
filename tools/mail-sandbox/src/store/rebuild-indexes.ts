import { emptyCounts } from './mailbox';
import type { Mailbox } from './types';

/** Recomputes lookups and counters from `messages` (after loading a saved state). */
export function rebuildIndexes(mailbox: Mailbox): void {
  mailbox.byId = new Map();
  mailbox.byInternetMessageId = new Map();
  mailbox.threads = new Map();
  mailbox.counts = emptyCounts();
  mailbox.liveCount = 0;
  for (const message of mailbox.messages) {
    if (!message) continue;
    mailbox.byId.set(message.id, message);
    mailbox.byId.set(message.immutableId, message);
    mailbox.byInternetMessageId.set(message.internetMessageId, message);
    const thread = mailbox.threads.get(message.threadId);
    if (thread) thread.add(message);
    else mailbox.threads.set(message.threadId, new Set([message]));
    mailbox.liveCount += 1;
    mailbox.counts[message.folder].total += 1;
    if (!message.isRead) mailbox.counts[message.folder].unread += 1;
  }
}
