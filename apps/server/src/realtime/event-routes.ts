import crypto from 'node:crypto';
import { NOTICE_EVENT } from '@ledgerdesk/domain/api/notice-events';
import { FIRM_EVENT, RESYNC_EVENT, TRIAGE_API, TRIAGE_EVENT } from '@ledgerdesk/domain/api/triage';
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
 *
 * No event is lost to a gap unseen (decision 036): every message carries an id (the opening line too), so a browser
 * that reconnects sends the last one it saw (Last-Event-ID) and is answered `event: resync` — refetch your lists —
 * since what happened while it was away is not kept; and every open stream of this process is told the same when
 * its lost LISTEN connection is back.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const openStreams = new Set<() => void>();
  const streamResyncs = new Set<() => void>();
  const resyncAll = () => {
    for (const resync of [...streamResyncs]) resync();
  };
  const hub = createTriageChangeHub(app.database, app.log, resyncAll);
  const notices = createUserNoticeHub(app.database, app.log, resyncAll);
  // Ids only need to differ within one browser's stream; the process prefix shows where one came from.
  const processPrefix = crypto.randomBytes(4).toString('hex');
  let eventCount = 0;
  const nextEventId = () => `${processPrefix}.${++eventCount}`;

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
      const write = (name: string, data: unknown) => {
        if (!raw.writableEnded)
          raw.write(`id: ${nextEventId()}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const send = (event: unknown) => write(TRIAGE_EVENT, event);
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
            write(FIRM_EVENT, {});
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
      const unsubscribeNotices = notices.subscribe(user.id, (notice) => write(NOTICE_EVENT, notice));
      const resync = () => write(RESYNC_EVENT, {});
      streamResyncs.add(resync);
      // Said once the stream follows everything it may see (its firm read), so a client that waits for it misses
      // nothing after; its id is what a browser reconnecting without having seen an event sends back.
      raw.write(`id: ${nextEventId()}\nretry: ${RECONNECT_MS}\n: connected\n\n`);
      if (request.headers['last-event-id'] !== undefined) resync();
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
        streamResyncs.delete(resync);
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
