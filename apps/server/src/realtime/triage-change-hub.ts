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
   * firm, decision 012), and calls `onFirmChange` when the members or shares of the user's firm change, or a
   * change concerns the user (joining, leaving, being removed): the stream then re-reads what it may see and
   * calls `setMailboxes` with the user's firm. A change of another firm never reaches it.
   */
  subscribeShared(
    userId: string,
    listener: TriageChangeListener,
    onFirmChange: () => void,
  ): { setMailboxes(mailboxIds: readonly string[], firmId: string | null): void; unsubscribe(): void };
  close(): Promise<void>;
};

/**
 * One LISTEN per server process, fanned out to the open streams of each user (channel-fanout.ts), and to the
 * streams following a shared mailbox of someone else; `onGap` when changes may have been missed (a lost LISTEN).
 */
export function createTriageChangeHub(
  database: Database,
  log: FastifyBaseLogger,
  onGap: () => void,
): TriageChangeHub {
  const fanout = createUserFanout<TriageChangeEvent>(log);
  type SharedSubscription = {
    userId: string;
    listener: TriageChangeListener;
    onFirmChange: () => void;
    mailboxes: Set<string>;
    firmId: string | null;
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
    if (!Array.isArray(changes)) {
      const { firmId, userId } = changes;
      for (const subscription of sharedSubscriptions) {
        const concerned =
          (firmId !== null && subscription.firmId === firmId) ||
          (userId !== null && subscription.userId === userId);
        if (concerned) safely(log, subscription.onFirmChange);
      }
      return;
    }
    for (const change of changes) deliver(change);
  };
  const channel = createChannelListener(database, TRIAGE_CHANGES_CHANNEL, dispatch, log, onGap);

  return {
    ready: () => channel.ready(),
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    subscribeShared(userId, listener, onFirmChange) {
      const subscription: SharedSubscription = {
        userId,
        listener,
        onFirmChange,
        mailboxes: new Set(),
        firmId: null,
      };
      sharedSubscriptions.add(subscription);
      return {
        setMailboxes(mailboxIds, firmId) {
          subscription.mailboxes = new Set(mailboxIds);
          subscription.firmId = firmId;
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
