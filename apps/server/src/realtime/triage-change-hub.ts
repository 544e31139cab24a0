import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

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
 * One LISTEN per server process, fanned out to the open streams of each user. Postgres carries the events,
 * so a change written by any process reaches the streams held by every process.
 */
export function createTriageChangeHub(database: Database, log: FastifyBaseLogger): TriageChangeHub {
  const listenersByUser = new Map<string, Set<TriageChangeListener>>();
  type SharedSubscription = {
    userId: string;
    listener: TriageChangeListener;
    onFirmChange: () => void;
    mailboxes: Set<string>;
  };
  const sharedSubscriptions = new Set<SharedSubscription>();
  let listening: Promise<() => Promise<void>> | null = null;

  const safely = (call: () => void) => {
    try {
      call();
    } catch (error) {
      log.warn({ err: error }, 'realtime listener failed');
    }
  };

  const dispatch = (payload: string) => {
    const change = parseNotification(payload);
    if (!change) return;
    if (change === 'firm') {
      for (const subscription of sharedSubscriptions) safely(subscription.onFirmChange);
      return;
    }
    for (const listener of listenersByUser.get(change.userId) ?? []) safely(() => listener(change.event));
    const { mailboxId } = change;
    if (!mailboxId) return;
    for (const subscription of sharedSubscriptions) {
      if (subscription.userId !== change.userId && subscription.mailboxes.has(mailboxId))
        safely(() => subscription.listener(change.event));
    }
  };

  return {
    async ready() {
      if (!listening) {
        listening = database.listen(TRIAGE_CHANGES_CHANNEL, dispatch);
        // A failed LISTEN is retried by the next stream rather than remembered.
        listening.catch(() => {
          listening = null;
        });
      }
      await listening;
    },
    subscribe(userId, listener) {
      const listeners = listenersByUser.get(userId) ?? new Set<TriageChangeListener>();
      listeners.add(listener);
      listenersByUser.set(userId, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && listenersByUser.get(userId) === listeners) listenersByUser.delete(userId);
      };
    },
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
      listenersByUser.clear();
      sharedSubscriptions.clear();
      const pending = listening;
      listening = null;
      if (!pending) return;
      try {
        await (await pending)();
      } catch (error) {
        log.warn({ err: error }, 'could not stop listening for triage changes');
      }
    },
  };
}
