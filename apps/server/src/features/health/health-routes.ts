import { timingSafeEqual } from 'node:crypto';
import { DATABASE_UNAVAILABLE, STORAGE_FULL } from '@ledgerdesk/domain/http/api-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseReachable } from '../../db/database-unavailable';
import { forbidden } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { listIdleHolders, readPushFleetHealth } from '../../mail/fleet';
import { formatMetrics, type ImapIdleFigures } from './prometheus-metrics';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether a caller may read /api/metrics (decision 021): a loopback caller that no proxy forwarded, or anyone
 * with `Authorization: Bearer METRICS_TOKEN` when that is set.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const isForwarded = Boolean(request.headers['x-forwarded-for'] ?? request.headers.forwarded);
  if (!isForwarded && LOOPBACK.test(request.socket.remoteAddress ?? '')) return true;
  if (!token) return false;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * /api/health (liveness and the database kind for anyone; the fleet's figures only for callers who may read
 * /api/metrics, decision 030) and /api/metrics (the fleet in Prometheus text, with this node's webhook counters).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const syncFigures = async () => (app.syncFleet ? await app.syncFleet.status() : { enabled: false });
  /** This node's IDLE connections, and the IMAP mailboxes some node holds IDLE on now (fleet-wide). */
  const imapIdleFigures = async (): Promise<ImapIdleFigures> => {
    const node = app.syncFleet
      ? app.syncFleet.imapIdle()
      : { enabled: false, connections: 0, leases: 0, maxPerNode: 0 };
    return { ...node, mailboxesLive: (await listIdleHolders(app.db)).length };
  };

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/health',
      summary:
        "Liveness and the database kind (503 with Retry-After and `down` while the database is unreachable, or the embedded database's disk is almost full); for loopback callers or holders of the metrics token also the fleet: sync queue, live updates, IMAP IDLE and reconciliation (counts only).",
      auth: 'public',
    },
    async ({ request, reply }) => {
      // What is down, for load balancers and monitors: the database is all a node needs to serve.
      if (!(await isDatabaseReachable(app.db))) {
        request.log.warn('health: the database is unreachable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
          .send({ ok: false, database: app.database.kind, down: ['database'] });
      }
      // The embedded database's disk is almost full: reading works, changes are paused (decision 041).
      if (app.database.disk?.isLow()) {
        request.log.warn('health: the disk is almost full, changes are paused');
        return reply
          .status(503)
          .header('retry-after', String(STORAGE_FULL.retryAfterSeconds))
          .send({ ok: false, database: app.database.kind, down: ['disk'] });
      }
      // Anyone else learns nothing they could use: no counts a history of would show an attacker what lands.
      if (!mayReadMetrics(request, app.env.METRICS_TOKEN)) return { ok: true, database: app.database.kind };
      const [sync, push, imapIdle] = await Promise.all([
        syncFigures(),
        readPushFleetHealth(app.db),
        imapIdleFigures(),
      ]);
      return { ok: true, database: app.database.kind, sync, push, imapIdle };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/metrics',
      summary: 'The fleet in Prometheus text format (loopback callers, or Bearer METRICS_TOKEN).',
      auth: 'public',
      beforeInput: (request) => {
        if (!mayReadMetrics(request, app.env.METRICS_TOKEN))
          throw forbidden('Metrics are for local callers or holders of the metrics token.');
      },
    },
    async ({ reply }) => {
      const [sync, push, imapIdle] = await Promise.all([
        syncFigures(),
        readPushFleetHealth(app.db),
        imapIdleFigures(),
      ]);
      return reply
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(formatMetrics(push, sync, imapIdle, app.webhookIntake.figures()));
    },
  );
}
