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
  close(): Promise<void>;
};

type Notification = { op?: unknown; userId?: unknown; id?: unknown; threadKey?: unknown; raised?: unknown };

function parseNotification(payload: string): { userId: string; event: TriageChangeEvent } | null {
  try {
    const value = JSON.parse(payload) as Notification;
    if (
      (value.op !== 'INSERT' && value.op !== 'UPDATE' && value.op !== 'DELETE') ||
      typeof value.userId !== 'string'
    )
      return null;
    if (typeof value.id !== 'string' || typeof value.threadKey !== 'string') return null;
    const event: TriageChangeEvent = { op: value.op, id: value.id, threadKey: value.threadKey };
    if (value.raised === true) event.raised = true;
    return { userId: value.userId, event };
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
  let listening: Promise<() => Promise<void>> | null = null;

  const dispatch = (payload: string) => {
    const change = parseNotification(payload);
    if (!change) return;
    for (const listener of listenersByUser.get(change.userId) ?? []) {
      try {
        listener(change.event);
      } catch (error) {
        log.warn({ err: error }, 'realtime listener failed');
      }
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
    async close() {
      listenersByUser.clear();
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
