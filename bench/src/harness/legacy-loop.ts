// The baseline of the fleet benchmark: the scheduler the product had before the sync fleet, re-created from
// `git show b6b297f:apps/server/src/jobs/start-jobs.ts` (and its due-integrations.ts / integration-job.ts)
// on top of today's mail functions, which now take an explicit dependencies object instead of the app.
// Its behaviour is kept as it was, including what decision 004 is about: each tick walks the active
// integrations (no ORDER BY) and starts at most three runs, then stops.
import {
  TOKEN_EXPIRING_WINDOW_MINUTES,
  TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS,
} from '@ledgerdesk/domain/constants';
import { isExpiringWithin } from '@ledgerdesk/domain/integrations/token-expiry';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../apps/server/src/db/rows-of';
import type { MailDeps } from '../../../apps/server/src/mail';
import {
  findIntegration,
  refreshProviderToken,
  syncIntegrationRun,
  withSyncLock,
} from '../../../apps/server/src/mail/testing';

/** Integrations worked on at the same time by one process. */
const MAX_CONCURRENT = 3;
/** How long stopping waits for runs in flight. */
const STOP_GRACE_MS = 10_000;
/** A scheduled run stops starting pages after this. */
const SCHEDULED_SYNC_TIME_BUDGET_MS = 2 * 60_000;

type DueIntegration = { id: string; userId: string };
type Outcome = 'synced' | 'refreshed' | 'skipped' | 'busy' | 'failed';

async function listActiveIntegrations(deps: MailDeps): Promise<DueIntegration[]> {
  const result = await deps.db.execute(sql`select * from ledgerdesk_active_integrations()`);
  return rowsOf<{ id: string; user_id: string }>(result).map((row) => ({ id: row.id, userId: row.user_id }));
}

async function runIntegrationJob(
  deps: MailDeps,
  due: DueIntegration,
  lastRefreshAttempt: Map<string, number>,
  now = new Date(),
): Promise<Outcome> {
  const ctx = { deps, userId: due.userId };
  const integration = await findIntegration(ctx, due.id);
  if (!integration?.isActive || integration.needsReconnect) return 'skipped';
  let outcome: Outcome = 'skipped';
  const lastAttempt = lastRefreshAttempt.get(due.id) ?? 0;
  const mayRefresh = now.getTime() - lastAttempt >= TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS * 60_000;
  const expiry = integration.tokenExpiresAt?.toISOString() ?? null;
  if (mayRefresh && isExpiringWithin(expiry, TOKEN_EXPIRING_WINDOW_MINUTES, now)) {
    lastRefreshAttempt.set(due.id, now.getTime());
    try {
      const fresh = await refreshProviderToken(ctx, integration);
      integration.tokenExpiresAt = fresh.expiresAt;
      outcome = 'refreshed';
    } catch (error) {
      deps.log.warn({ err: error, integrationId: due.id }, 'scheduled token refresh failed');
      return 'failed';
    }
  }
  if (!integration.lastSyncAt) return outcome;
  const report = await withSyncLock(deps, due.id, { waitMs: 0 }, async () => {
    const current = await findIntegration(ctx, due.id);
    if (!current?.isActive || current.needsReconnect) return null;
    return syncIntegrationRun(ctx, current, { timeBudgetMs: SCHEDULED_SYNC_TIME_BUDGET_MS });
  });
  if (report === null) return 'busy';
  return report.criticalErrors > 0 ? 'failed' : 'synced';
}

/**
 * Starts the old scheduler: every `intervalMs` it walks the active integrations and starts at most three
 * runs, skipping the ones still running. Returns a stop function.
 */
export function startLegacyLoop(deps: MailDeps, intervalMs: number): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const lastRefreshAttempt = new Map<string, number>();
  let isStopping = false;
  let isListing = false;

  const tick = async () => {
    if (isStopping || isListing) return;
    isListing = true;
    try {
      for (const due of await listActiveIntegrations(deps)) {
        if (isStopping || running.size >= MAX_CONCURRENT) break;
        if (running.has(due.id)) continue;
        const run = runIntegrationJob(deps, due, lastRefreshAttempt)
          .then((outcome) => deps.log.debug({ integrationId: due.id, outcome }, 'scheduled mail job'))
          .catch((error: unknown) =>
            deps.log.error({ err: error, integrationId: due.id }, 'scheduled mail job failed'),
          )
          .finally(() => running.delete(due.id));
        running.set(due.id, run);
      }
    } catch (error) {
      deps.log.error({ err: error }, 'listing integrations for the scheduler failed');
    } finally {
      isListing = false;
    }
  };

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return async () => {
    isStopping = true;
    clearInterval(timer);
    await Promise.race([
      Promise.allSettled(running.values()),
      new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref()),
    ]);
  };
}
