import { parseUserNotice, USER_NOTICES_CHANNEL, type UserNotice } from '@ledgerdesk/domain/api/notice-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

export type UserNoticeListener = (notice: UserNotice) => void;

export type UserNoticeHub = {
  /** Resolves once this process LISTENs (started on first use, shared by every stream). */
  ready(): Promise<void>;
  subscribe(userId: string, listener: UserNoticeListener): () => void;
  close(): Promise<void>;
};

/**
 * One LISTEN per process on the notices channel (realtime/user-notices.ts sends), fanned out to each user's
 * open streams, like the triage change hub.
 */
export function createUserNoticeHub(database: Database, log: FastifyBaseLogger): UserNoticeHub {
  const listenersByUser = new Map<string, Set<UserNoticeListener>>();
  let listening: Promise<() => Promise<void>> | null = null;

  const dispatch = (payload: string) => {
    const parsed = parseUserNotice(payload);
    if (!parsed?.userId) return;
    const { userId, ...notice } = parsed;
    for (const listener of listenersByUser.get(userId) ?? []) {
      try {
        listener(notice);
      } catch (error) {
        log.warn({ err: error }, 'notice listener failed');
      }
    }
  };

  return {
    async ready() {
      if (!listening) {
        listening = database.listen(USER_NOTICES_CHANNEL, dispatch);
        listening.catch(() => {
          listening = null;
        });
      }
      await listening;
    },
    subscribe(userId, listener) {
      const listeners = listenersByUser.get(userId) ?? new Set<UserNoticeListener>();
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
        log.warn({ err: error }, 'could not stop listening for notices');
      }
    },
  };
}
