import { parseUserNotice, USER_NOTICES_CHANNEL, type UserNotice } from '@ledgerdesk/domain/api/notice-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createChannelListener, createUserFanout } from './channel-fanout';

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
export function createUserNoticeHub(
  database: Database,
  log: FastifyBaseLogger,
  onGap: () => void,
): UserNoticeHub {
  const fanout = createUserFanout<UserNotice>(log);
  const channel = createChannelListener(
    database,
    USER_NOTICES_CHANNEL,
    (payload) => {
      const parsed = parseUserNotice(payload);
      if (!parsed?.userId) return;
      const { userId, ...notice } = parsed;
      fanout.deliver(userId, notice);
    },
    log,
    onGap,
  );
  return {
    ready: () => channel.ready(),
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    async close() {
      fanout.clear();
      await channel.close();
    },
  };
}
