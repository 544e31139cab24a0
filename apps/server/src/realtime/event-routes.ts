import { NOTICE_EVENT } from '@ledgerdesk/domain/api/notice-events';
import { TRIAGE_EVENT } from '@ledgerdesk/domain/api/triage';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/require-user';
import { createTriageChangeHub } from './triage-change-hub';
import { createUserNoticeHub } from './user-notice-hub';

/** A comment line this often keeps proxies and browsers from dropping an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 5000;

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in user's triage item inserts, updates and deletes
 * (`event: triage`, data {op: INSERT | UPDATE | DELETE, id, threadKey}) and notices for them (`event: notice`, data
 * {kind, title, description}: a held message that failed to send). Streams end when the server closes, so
 * shutdown never waits.
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

  app.get('/api/events', async (request, reply) => {
    const user = requireUser(request, 'receive live updates');
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
    raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    const unsubscribe = hub.subscribe(user.id, (event) => {
      raw.write(`event: ${TRIAGE_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const unsubscribeNotices = notices.subscribe(user.id, (notice) => {
      raw.write(`event: ${NOTICE_EVENT}\ndata: ${JSON.stringify(notice)}\n\n`);
    });
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    let isClosed = false;
    const closeStream = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(heartbeat);
      unsubscribe();
      unsubscribeNotices();
      openStreams.delete(closeStream);
      if (!raw.writableEnded) raw.end();
    };
    openStreams.add(closeStream);
    request.raw.on('close', closeStream);
    raw.on('close', closeStream);
    raw.on('error', closeStream);
  });
}
