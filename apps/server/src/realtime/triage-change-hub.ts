import type { TriageChangeEvent, UserNotice } from '@ledgerdesk/domain/api/triage-endpoints';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** The NOTIFY channel of the triage_items trigger (migration 0001). */
export const TRIAGE_CHANGES_CHANNEL = 'triage_item_changes';
/** The NOTIFY channel of ledgerdesk_notify_user (migration 0009): notices for one user. */
export const USER_NOTICES_CHANNEL = 'ledgerdesk_user_notices';

/** What a user's stream carries: their items' changes, and notices. */
export type StreamMessage =
  | { kind: 'triage'; event: TriageChangeEvent }
  | { kind: 'notice'; notice: UserNotice };
export type StreamListener = (message: StreamMessage) => void;

export type TriageChangeHub = {
  /** Resolves once this process LISTENs (started on first use, shared by every stream). */
  ready(): Promise<void>;
  /** Delivers one user's item changes and notices; answers the unsubscribe function. */
  subscribe(userId: string, listener: StreamListener): () => void;
  close(): Promise<void>;
};

type Notification = { op?: unknown; userId?: unknown; id?: unknown; threadKey?: unknown; raised?: unknown };

function parseChange(payload: string): { userId: string; message: StreamMessage } | null {
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
    return { userId: value.userId, message: { kind: 'triage', event } };
  } catch {
    return null;
  }
}

const NOTICE_KINDS = new Set<UserNotice['kind']>(['mailbox-change-failed', 'send-failed']);

function parseNotice(payload: string): { userId: string; message: StreamMessage } | null {
  try {
    const value = JSON.parse(payload) as Partial<UserNotice> & { userId?: unknown };
    if (typeof value.userId !== 'string' || !NOTICE_KINDS.has(value.kind as UserNotice['kind'])) return null;
    if (typeof value.title !== 'string' || typeof value.description !== 'string') return null;
    const notice: UserNotice = {
      kind: value.kind as UserNotice['kind'],
      title: value.title,
      description: value.description,
      ...(typeof value.count === 'number' ? { count: value.count } : {}),
      ...(Array.isArray(value.itemIds)
        ? { itemIds: value.itemIds.filter((id) => typeof id === 'string') }
        : {}),
    };
    return { userId: value.userId, message: { kind: 'notice', notice } };
  } catch {
    return null;
  }
}

/**
 * One LISTEN per channel per server process, fanned out to the open streams of each user. Postgres carries the
 * events, so a change written by any process reaches the streams held by every process.
 */
export function createTriageChangeHub(database: Database, log: FastifyBaseLogger): TriageChangeHub {
  const listenersByUser = new Map<string, Set<StreamListener>>();
  let listening: Promise<Array<() => Promise<void>>> | null = null;

  const dispatch =
    (parse: (payload: string) => { userId: string; message: StreamMessage } | null) => (payload: string) => {
      const parsed = parse(payload);
      if (!parsed) return;
      for (const listener of listenersByUser.get(parsed.userId) ?? []) {
        try {
          listener(parsed.message);
        } catch (error) {
          log.warn({ err: error }, 'realtime listener failed');
        }
      }
    };

  return {
    async ready() {
      if (!listening) {
        listening = Promise.all([
          database.listen(TRIAGE_CHANGES_CHANNEL, dispatch(parseChange)),
          database.listen(USER_NOTICES_CHANNEL, dispatch(parseNotice)),
        ]);
        // A failed LISTEN is retried by the next stream rather than remembered.
        listening.catch(() => {
          listening = null;
        });
      }
      await listening;
    },
    subscribe(userId, listener) {
      const listeners = listenersByUser.get(userId) ?? new Set<StreamListener>();
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
        await Promise.all((await pending).map((stop) => stop()));
      } catch (error) {
        log.warn({ err: error }, 'could not stop listening for triage changes');
      }
    },
  };
}
