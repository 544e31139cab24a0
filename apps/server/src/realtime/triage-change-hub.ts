import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createChannelListener, createUserFanout, safely } from './channel-fanout';
import { type ItemChange, parseItemChanges } from './item-change-payload';

/** The NOTIFY channel of the triage_items triggers (payloads: item-change-payload.ts). */
export const TRIAGE_CHANGES_CHANNEL = 'triage_item_changes';

export type TriageChangeListener = (event: TriageChangeEvent) => void;

export type TriageChangeHub = {
  /** Resolves once this process LISTENs (started on first use, shared by every stream). */
  ready(): Promise<void>;
  /** Delivers the changes of one user's items; answers the unsubscribe function. */
  subscribe(userId: string, listener: TriageChangeListener): () => void;
  /**
   * Delivers the changes of items in `mailboxIds` owned by someone else (mailboxes shared with the user's
   * firm, decision 012), and calls `onFirmChange` when any firm's members or shares change (the stream then
   * re-reads what it may see and calls `setMailboxes`). Answers the unsubscribe function.
   */
  subscribeShared(
    userId: string,
    listener: TriageChangeListener,
    onFirmChange: () => void,
  ): { setMailboxes(mailboxIds: readonly string[]): void; unsubscribe(): void };
  close(): Promise<void>;
};

/**
 * One LISTEN per server process, fanned out to the open streams of each user (channel-fanout.ts), and to the
 * streams following a shared mailbox of someone else.
 */
export function createTriageChangeHub(database: Database, log: FastifyBaseLogger): TriageChangeHub {
  const fanout = createUserFanout<TriageChangeEvent>(log);
  type SharedSubscription = {
    userId: string;
    listener: TriageChangeListener;
    onFirmChange: () => void;
    mailboxes: Set<string>;
  };
  const sharedSubscriptions = new Set<SharedSubscription>();

  const deliver = (change: ItemChange) => {
    const event: TriageChangeEvent = { op: change.op, id: change.id, threadKey: change.threadKey };
    if (change.raised) event.raised = true;
    if (change.place) event.place = change.place;
    fanout.deliver(change.userId, event);
    const { mailboxId } = change;
    if (!mailboxId) return;
    for (const subscription of sharedSubscriptions) {
      if (subscription.userId !== change.userId && subscription.mailboxes.has(mailboxId))
        safely(log, () => subscription.listener(event));
    }
  };
  const dispatch = (payload: string) => {
    const changes = parseItemChanges(payload);
    if (!changes) return;
    if (changes === 'firm') {
      for (const subscription of sharedSubscriptions) safely(log, subscription.onFirmChange);
      return;
    }
    for (const change of changes) deliver(change);
  };
  const channel = createChannelListener(database, TRIAGE_CHANGES_CHANNEL, dispatch, log);

  return {
    ready: () => channel.ready(),
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    subscribeShared(userId, listener, onFirmChange) {
      const subscription: SharedSubscription = { userId, listener, onFirmChange, mailboxes: new Set() };
      sharedSubscriptions.add(subscription);
      return {
        setMailboxes(mailboxIds) {
          subscription.mailboxes = new Set(mailboxIds);
        },
        unsubscribe() {
          sharedSubscriptions.delete(subscription);
        },
      };
    },
    async close() {
      fanout.clear();
      sharedSubscriptions.clear();
      await channel.close();
    },
  };
}
