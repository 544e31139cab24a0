import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * One LISTEN per server process on a NOTIFY channel, started by the first stream that needs it and shared by
 * all. Postgres carries the payloads, so a change written by any process reaches the streams of every process.
 * `onGap` is called when a lost LISTEN connection is back: payloads notified meanwhile never arrived.
 */
export function createChannelListener(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  log: FastifyBaseLogger,
  onGap: () => void,
): { ready(): Promise<void>; close(): Promise<void> } {
  let listening: Promise<() => Promise<void>> | null = null;
  return {
    async ready() {
      if (!listening) {
        listening = database.listen(channel, onPayload, () => {
          log.info({ channel }, 'listening again after a lost connection; open streams are told to refetch');
          safely(log, onGap);
        });
        // A failed LISTEN is retried by the next stream rather than remembered.
        listening.catch(() => {
          listening = null;
        });
      }
      await listening;
    },
    async close() {
      const pending = listening;
      listening = null;
      if (!pending) return;
      try {
        await (await pending)();
      } catch (error) {
        log.warn({ err: error, channel }, 'could not stop listening');
      }
    },
  };
}

/** Each user's open streams: a value delivered for a user reaches every listener they subscribed. */
export function createUserFanout<T>(log: FastifyBaseLogger) {
  const listenersByUser = new Map<string, Set<(value: T) => void>>();
  return {
    subscribe(userId: string, listener: (value: T) => void): () => void {
      const listeners = listenersByUser.get(userId) ?? new Set<(value: T) => void>();
      listeners.add(listener);
      listenersByUser.set(userId, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && listenersByUser.get(userId) === listeners) listenersByUser.delete(userId);
      };
    },
    deliver(userId: string, value: T): void {
      for (const listener of listenersByUser.get(userId) ?? []) safely(log, () => listener(value));
    },
    clear(): void {
      listenersByUser.clear();
    },
  };
}

/** Runs a listener; one that throws is logged and never stops the others. */
export function safely(log: FastifyBaseLogger, call: () => void): void {
  try {
    call();
  } catch (error) {
    log.warn({ err: error }, 'realtime listener failed');
  }
}
