import {
  TOKEN_EXPIRING_WINDOW_MINUTES,
  TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS,
} from '@ledgerdesk/domain/constants';
import { isExpiringWithin } from '@ledgerdesk/domain/integrations/token-expiry';
import type { FastifyInstance } from 'fastify';
import { findIntegration } from '../mail/integrations/integration-store';
import { syncIntegrationRun } from '../mail/sync/sync-integration';
import { withSyncLock } from '../mail/sync/sync-lock';
import { refreshIntegrationToken } from '../mail/tokens/refresh-integration-token';
import type { DueIntegration } from './due-integrations';

/** A scheduled run stops starting pages after this, so one huge mailbox cannot hold a worker for long. */
const SCHEDULED_SYNC_TIME_BUDGET_MS = 2 * 60_000;

export type JobOutcome = 'synced' | 'refreshed' | 'skipped' | 'busy' | 'failed';

/**
 * The scheduler's work for one integration, as its owner: refresh a token expiring within 15 minutes (at most
 * every 5 minutes), then, once the integration is initialised (last_sync_at set), sync it unless another
 * process or run holds its lock.
 */
export async function runIntegrationJob(
  app: FastifyInstance,
  due: DueIntegration,
  lastRefreshAttempt: Map<string, number>,
  now = new Date(),
): Promise<JobOutcome> {
  const ctx = { app, userId: due.userId };
  const integration = await findIntegration(ctx, due.id);
  if (!integration?.isActive || integration.needsReconnect) return 'skipped';
  let outcome: JobOutcome = 'skipped';
  const lastAttempt = lastRefreshAttempt.get(due.id) ?? 0;
  const mayRefresh = now.getTime() - lastAttempt >= TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS * 60_000;
  const expiry = integration.tokenExpiresAt?.toISOString() ?? null;
  if (mayRefresh && isExpiringWithin(expiry, TOKEN_EXPIRING_WINDOW_MINUTES, now)) {
    lastRefreshAttempt.set(due.id, now.getTime());
    try {
      const fresh = await refreshIntegrationToken(ctx, integration);
      integration.tokenExpiresAt = fresh.expiresAt;
      outcome = 'refreshed';
    } catch (error) {
      app.log.warn({ err: error, integrationId: due.id }, 'scheduled token refresh failed');
      return 'failed';
    }
  }
  if (!integration.lastSyncAt) return outcome;
  const report = await withSyncLock(app, due.id, { waitMs: 0 }, async () => {
    const current = await findIntegration(ctx, due.id);
    if (!current?.isActive || current.needsReconnect) return null;
    return syncIntegrationRun(ctx, current, { timeBudgetMs: SCHEDULED_SYNC_TIME_BUDGET_MS });
  });
  if (report === null) return 'busy';
  return report.criticalErrors > 0 ? 'failed' : 'synced';
}
