import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createChannelListener, createUserFanout, safely } from './channel-fanout';

/** The NOTIFY channel of the triage_items trigger (migration 0001). */
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

type Notification = {
  op?: unknown;
  userId?: unknown;
  id?: unknown;
  threadKey?: unknown;
  raised?: unknown;
  mailboxId?: unknown;
};

type Change = { userId: string; mailboxId: string | null; event: TriageChangeEvent };

function parseNotification(payload: string): Change | 'firm' | null {
  try {
    const value = JSON.parse(payload) as Notification;
    if (value.op === 'FIRM') return 'firm';
    if (
      (value.op !== 'INSERT' && value.op !== 'UPDATE' && value.op !== 'DELETE' && value.op !== 'COMMENT') ||
      typeof value.userId !== 'string'
    )
      return null;
    if (typeof value.id !== 'string' || typeof value.threadKey !== 'string') return null;
    const event: TriageChangeEvent = { op: value.op, id: value.id, threadKey: value.threadKey };
    if (value.raised === true) event.raised = true;
    return {
      userId: value.userId,
      mailboxId: typeof value.mailboxId === 'string' ? value.mailboxId : null,
      event,
    };
  } catch {
    return null;
  }
}

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

  const dispatch = (payload: string) => {
    const change = parseNotification(payload);
    if (!change) return;
    if (change === 'firm') {
      for (const subscription of sharedSubscriptions) safely(log, subscription.onFirmChange);
      return;
    }
    fanout.deliver(change.userId, change.event);
    const { mailboxId } = change;
    if (!mailboxId) return;
    for (const subscription of sharedSubscriptions) {
      if (subscription.userId !== change.userId && subscription.mailboxes.has(mailboxId))
        safely(log, () => subscription.listener(change.event));
    }
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
