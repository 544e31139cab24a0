import { emptyCounts } from './mailbox';
import { indexMessage } from './message-ops';
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
    indexMessage(mailbox, message);
  }
}
