import type { FastifyInstance } from 'fastify';
import { analyzeTriageItems, triageItemStatistics } from './triage-repository';

/**
 * How often the embedded database is checked for stale triage statistics: the check is two catalog lookups, so
 * after a first sync or a reset writes thousands of items the planner has statistics within seconds.
 */
export const STATISTICS_CHECK_MS = 10_000;

/** Autovacuum's own rule: analyze once 50 rows plus 10% of the table changed since the last time. */
export function isAnalyzeDue(rows: { reltuples: number; changed: number }): boolean {
  return rows.changed > 50 + 0.1 * Math.max(0, rows.reltuples);
}

/** Analyzes triage items when enough changed since the last time; answers whether it did. */
export async function refreshStatisticsIfDue(app: FastifyInstance): Promise<boolean> {
  const statistics = await triageItemStatistics(app.db);
  if (!statistics || !isAnalyzeDue(statistics)) return false;
  await analyzeTriageItems(app.db);
  return true;
}

/**
 * PGlite runs no autovacuum, so its planner would never get statistics for triage items and would plan the
 * list and search queries blind (10-20x slower at 100,000 items, measured). On PGlite only, this checks at
 * start (a database from an older version may never have been analyzed) and every 10 s after, and analyzes
 * when enough changed, like autovacuum would. Real PostgreSQL needs none of it.
 */
export function scheduleStatisticsRefresh(app: FastifyInstance): void {
  if (app.database.kind !== 'pglite') return;
  let isRunning = false;
  const check = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      await refreshStatisticsIfDue(app);
    } catch (error) {
      app.log.warn({ err: error }, 'could not refresh triage statistics');
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void check(), STATISTICS_CHECK_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    void check();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
