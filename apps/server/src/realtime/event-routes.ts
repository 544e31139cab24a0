import { NOTICE_EVENT } from '@ledgerdesk/domain/api/notice-events';
import { FIRM_EVENT, TRIAGE_API, TRIAGE_EVENT } from '@ledgerdesk/domain/api/triage';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../db/with-user';
import { defineRoute } from '../http/define-route';
import { readStreamScope } from './stream-scope-repository';
import { createTriageChangeHub } from './triage-change-hub';
import { createUserNoticeHub } from './user-notice-hub';

/** A comment line this often keeps proxies and browsers from dropping an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Firm changes this close together reach a stream as one `event: firm` (a burst, e.g. a firm deleted). */
export const FIRM_EVENT_COALESCE_MS = 150;
/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 5000;

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in user's triage item inserts, updates and deletes
 * (`event: triage`, data {op: INSERT | UPDATE | DELETE, id, threadKey, raised?, place?}: `place` is where the item
 * is now, its views' inputs), those of mailboxes shared with
 * the user's firm, `event: firm` when the firm's members or shares change (only to that firm's members and the
 * user who joined, left or was removed; a burst coalesced into one), and notices for the user (`event:
 * notice`, data UserNotice: a refused mailbox change, a held message that failed to send). Streams end when the
 * server closes, so shutdown never waits.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const hub = createTriageChangeHub(app.database, app.log);
  const notices = createUserNoticeHub(app.database, app.log);
  const openStreams = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const closeStream of [...openStreams]) closeStream();
  });
  app.addHook('onClose', async () => {
    await hub.close();
    await notices.close();
  });

  defineRoute(
    app,
    {
      method: 'GET',
      path: TRIAGE_API.events,
      summary: 'Server-sent events for the user’s items.',
      auth: { action: 'receive live updates' },
    },
    async ({ request, reply, user }) => {
      // Listen before answering, so that a change made right after the client connects is not missed.
      await hub.ready();
      await notices.ready();
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: unknown) => {
        if (!raw.writableEnded) raw.write(`event: ${TRIAGE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribeOwn = hub.subscribe(user.id, send);
      // Mailboxes shared with the user's firm (decision 012): re-read whenever the firm's members or shares change
      // (or the user joins, leaves or is removed), so leaving or being removed stops the stream's shared events at
      // once; the browser is told to refetch, once for a burst of changes (FIRM_EVENT_COALESCE_MS).
      const readShared = () => withUser(app.db, user.id, (tx) => readStreamScope(tx));
      let isClosed = false;
      let firmId: string | null = null;
      let refreshing = Promise.resolve();
      let pendingFirmEvent: NodeJS.Timeout | null = null;
      const refreshFirm = () => {
        pendingFirmEvent = null;
        refreshing = refreshing
          .then(readShared)
          .then((seen) => {
            if (isClosed) return;
            firmId = seen.firmId;
            shared.setMailboxes(seen.mailboxes, firmId);
            raw.write(`event: ${FIRM_EVENT}\ndata: {}\n\n`);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not re-read shared mailboxes'));
      };
      const shared = hub.subscribeShared(user.id, send, () => {
        shared.setMailboxes([], firmId);
        if (pendingFirmEvent || isClosed) return;
        pendingFirmEvent = setTimeout(refreshFirm, FIRM_EVENT_COALESCE_MS);
        pendingFirmEvent.unref();
      });
      const initial = await readShared();
      firmId = initial.firmId;
      shared.setMailboxes(initial.mailboxes, firmId);
      const unsubscribeNotices = notices.subscribe(user.id, (notice) => {
        if (!raw.writableEnded) raw.write(`event: ${NOTICE_EVENT}\ndata: ${JSON.stringify(notice)}\n\n`);
      });
      // Said once the stream follows everything it may see (its firm read), so a client that waits for it misses
      // nothing after.
      raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      const unsubscribe = () => {
        unsubscribeOwn();
        shared.unsubscribe();
        unsubscribeNotices();
      };
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const closeStream = () => {
        if (isClosed) return;
        isClosed = true;
        clearInterval(heartbeat);
        if (pendingFirmEvent) clearTimeout(pendingFirmEvent);
        unsubscribe();
        openStreams.delete(closeStream);
        if (!raw.writableEnded) raw.end();
      };
      openStreams.add(closeStream);
      request.raw.on('close', closeStream);
      raw.on('close', closeStream);
      raw.on('error', closeStream);
    },
  );
}
