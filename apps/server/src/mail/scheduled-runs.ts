import { findIntegration, type IntegrationJobData } from './core/integration-store';
import type { MailDeps } from './core/mail-deps';
import { maintainPush } from './push/maintain-push';
import { refreshProviderToken } from './sessions';
import { loadScheduledIntegration, runUnderSyncLock } from './sync/run-under-sync-lock';
import { syncIntegrationRun } from './sync/sync-integration';
import { verifyMailbox } from './verify/verify-mailbox';

/** A scheduled run stops starting pages after this, so one huge mailbox cannot hold a worker for long. */
export const SCHEDULED_SYNC_TIME_BUDGET_MS = 2 * 60_000;

export type JobOutcome = 'synced' | 'refreshed' | 'skipped' | 'busy' | 'failed';

/** A reconciliation job, with when it was queued (ISO time): a job outrun by another run is not run again. */
export type VerifyJobData = IntegrationJobData & { queuedAt?: string };

/** A scheduled sync whose run failed; pg-boss retries the job with backoff. */
export class ScheduledSyncFailed extends Error {
  override name = 'ScheduledSyncFailed';
}

/**
 * A scheduled sync of one initialised integration, unless a manual sync, reset or another node holds its
 * sync lock (then this round leaves it alone). A failed run is recorded on the integration and thrown.
 */
export async function runSyncJob(
  deps: MailDeps,
  data: IntegrationJobData,
  options: { waitMs?: number; hintCursor?: string | undefined } = {},
): Promise<JobOutcome> {
  const ctx = { deps, userId: data.userId };
  const run = await runUnderSyncLock(
    ctx,
    data.integrationId,
    { waitMs: options.waitMs ?? 0, load: loadScheduledIntegration },
    (integration) =>
      syncIntegrationRun(ctx, integration, {
        timeBudgetMs: SCHEDULED_SYNC_TIME_BUDGET_MS,
        hintCursor: options.hintCursor,
      }),
  );
  if (run.status === 'refused') return 'skipped';
  if (run.status === 'busy') return 'busy';
  if (run.value.criticalErrors > 0) throw new ScheduledSyncFailed(run.value.errorMessage ?? 'sync failed');
  return 'synced';
}

/** Refreshes an integration's token ahead of expiry (spec §9); the queue throttles attempts per integration. */
export async function runTokenRefreshJob(deps: MailDeps, data: IntegrationJobData): Promise<JobOutcome> {
  const ctx = { deps, userId: data.userId };
  const integration = await findIntegration(ctx, data.integrationId);
  if (!integration?.isActive || integration.needsReconnect) return 'skipped';
  try {
    await refreshProviderToken(ctx, integration);
    return 'refreshed';
  } catch (error) {
    // A refused refresh token was recorded (needs reconnect); anything else is tried again next window.
    deps.log.warn({ err: error, integrationId: data.integrationId }, 'scheduled token refresh failed');
    return 'failed';
  }
}

/** Sets up, renews or retries one mailbox's live updates (decision 021). */
export async function runPushJob(deps: MailDeps, data: IntegrationJobData): Promise<JobOutcome> {
  const outcome = await maintainPush(deps, data);
  return outcome === 'live' ? 'refreshed' : outcome === 'failed' ? 'failed' : 'skipped';
}

/** Reconciles one mailbox with its provider (decision 021). */
export async function runVerifyJob(deps: MailDeps, data: VerifyJobData): Promise<JobOutcome> {
  const queuedAt = data.queuedAt ? new Date(data.queuedAt) : undefined;
  const outcome = await verifyMailbox(deps, data, { queuedAt });
  return outcome === 'verified' ? 'synced' : outcome;
}
