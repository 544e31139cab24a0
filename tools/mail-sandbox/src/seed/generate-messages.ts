import type { NewMessage } from '../store/message-ops';
import { insertMessage } from '../store/message-ops';
import type { Mailbox } from '../store/types';
import { seededIdSource } from '../util/ids';
import { createRandom } from '../util/prng';
import { planThread } from './plan-thread';

/**
 * Fills a mailbox with `count` realistic messages over the last 30 days. Content depends only on the
 * address, so the same mailbox looks the same on every start; dates are relative to `now`.
 */
export function generateMessages(mailbox: Mailbox, count: number, now: number): void {
  const owner = { name: mailbox.displayName, address: mailbox.address };
  const ctx = {
    mailbox,
    random: createRandom(`content:${mailbox.address}`),
    ids: seededIdSource(createRandom(`ids:${mailbox.address}`)),
    now,
    owner,
    ownerList: [owner],
  };
  const drafts: NewMessage[] = [];
  while (drafts.length < count) {
    for (const draft of planThread(ctx, count - drafts.length)) drafts.push(draft);
  }
  drafts.sort((a, b) => a.receivedAt - b.receivedAt);
  for (const draft of drafts) insertMessage(mailbox, draft, false);
}
