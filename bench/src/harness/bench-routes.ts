import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { requireUser } from '../../../apps/server/src/auth/require-user';
import { triageItems } from '../../../apps/server/src/db/schema/triage-items';
import { withUser } from '../../../apps/server/src/db/with-user';
import { syncIntegration } from '../../../apps/server/src/mail';
import { markSearchMatches, seedItems } from '../seed/seed-items';

type SeedBody = { from: number; count: number; newest: string };
type MarkBody = { token: string; matches: number };

/**
 * Harness-only routes of the bench app server (never part of the product): bulk seeding for the signed-in
 * user, and the times at which the database's change notifications reached this process.
 */
export async function benchRoutes(app: FastifyInstance, notifyTimes: Map<string, number>): Promise<void> {
  app.post<{ Body: SeedBody }>('/api/bench/seed', async (request) => {
    const user = requireUser(request, 'seed items');
    const started = performance.now();
    await seedItems(app.db, user.id, request.body);
    return { ms: performance.now() - started };
  });

  // Fresh planner statistics after a bulk load, as autovacuum would gather on PostgreSQL within a minute.
  // ANALYZE needs the table owner: a separate owner connection on PostgreSQL; on PGlite (one session, and no
  // autovacuum at all) the session steps out of the app role for the statement. Nothing else runs meanwhile:
  // the bench sends one request at a time.
  app.post('/api/bench/analyze', async () => {
    const started = performance.now();
    if (app.database.kind === 'postgres') {
      const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await owner.connect();
      await owner.query('analyze');
      await owner.end();
    } else {
      await app.db.execute(sql`reset session authorization`);
      try {
        await app.db.execute(sql`analyze`);
      } finally {
        await app.db.execute(sql`set session authorization ledgerdesk_app`);
      }
    }
    return { ms: performance.now() - started };
  });

  app.post<{ Body: MarkBody }>('/api/bench/search-matches', async (request) => {
    const user = requireUser(request, 'seed items');
    return { marked: await markSearchMatches(app.db, user.id, request.body.token, request.body.matches) };
  });

  // A sync run as the scheduler starts one (syncIntegration, no time budget), for finishing a first sync
  // that initialize-sync-config's 60 s budget cut short.
  app.post<{ Body: { integrationId: string } }>('/api/bench/sync', async (request) => {
    const user = requireUser(request, 'sync emails');
    return syncIntegration(
      { deps: app.mail, userId: user.id },
      { integrationId: request.body.integrationId },
    );
  });

  app.get<{ Querystring: { integrationId: string } }>('/api/bench/item-count', async (request) => {
    const user = requireUser(request, 'count items');
    const [row] = await withUser(app.db, user.id, (tx) =>
      tx
        .select({ n: count() })
        .from(triageItems)
        .where(
          and(
            eq(triageItems.userId, user.id),
            eq(triageItems.emailIntegrationId, request.query.integrationId),
          ),
        ),
    );
    return { count: Number(row?.n ?? 0) };
  });

  // The reconciliation gap of the fleet benchmark: the user's triage item of one message removed from triage's
  // tables by direct SQL (as seeding writes them), behind the sync's back; and whether it is there again.
  app.post<{ Body: { integrationId: string; subject: string } }>(
    '/api/bench/remove-items',
    async (request) => {
      const user = requireUser(request, 'remove items');
      const removed = await withUser(app.db, user.id, (tx) =>
        tx
          .delete(triageItems)
          .where(
            and(
              eq(triageItems.emailIntegrationId, request.body.integrationId),
              eq(triageItems.subject, request.body.subject),
            ),
          )
          .returning({ id: triageItems.id }),
      );
      return { removed: removed.length };
    },
  );

  app.get<{ Querystring: { integrationId: string; subject: string } }>(
    '/api/bench/items-with-subject',
    async (request) => {
      const user = requireUser(request, 'count items');
      const [row] = await withUser(app.db, user.id, (tx) =>
        tx
          .select({ n: count() })
          .from(triageItems)
          .where(
            and(
              eq(triageItems.emailIntegrationId, request.query.integrationId),
              eq(triageItems.subject, request.query.subject),
            ),
          ),
      );
      return { count: Number(row?.n ?? 0) };
    },
  );

  // The app process's memory, for the million-item table (the bench measures from outside the process).
  app.get('/api/bench/memory', async () => {
    const { rss, heapUsed } = process.memoryUsage();
    return { rssBytes: rss, heapUsedBytes: heapUsed };
  });

  // The node's event-loop delay (10 ms resolution) since the last reset: how long a request that arrived waited for
  // the loop, whatever it asked for. POST resets it; GET reads it (ms).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.post('/api/bench/event-loop', async () => {
    loopDelay.reset();
    return { ok: true };
  });
  app.get('/api/bench/event-loop', async () => ({
    p50: loopDelay.percentile(50) / 1e6,
    p95: loopDelay.percentile(95) / 1e6,
    p99: loopDelay.percentile(99) / 1e6,
    max: loopDelay.max / 1e6,
  }));

  // Epoch milliseconds at which NOTIFY for an item id reached the server (see app-server.ts).
  app.get<{ Params: { id: string } }>('/api/bench/notify-times/:id', async (request) => ({
    at: notifyTimes.get(request.params.id) ?? null,
  }));
}
