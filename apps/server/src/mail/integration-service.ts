import type { RefreshEmailTokenResponse } from '@ledgerdesk/domain/api/functions';
import { withUser } from '../db/with-user';
import { AppError } from '../http/app-error';
import { toSyncError } from './core/error-mapping';
import { mergeIntegrationMetadata } from './core/integration-store';
import { type MailContext, syncIntegration } from './mail-service';
import { loadActiveIntegration } from './service/load-integration';
import { refreshProviderToken } from './sessions';
import type { SyncReport } from './sync/sync-report';

const DAY_MS = 86_400_000;
/** The first sync of a new mailbox stops starting pages after this; the scheduler carries on from the cursor. */
const INITIAL_SYNC_TIME_BUDGET_MS = 60_000;

/** Refreshes an integration's access token now (refresh-email-token). */
export async function refreshEmailToken(
  ctx: MailContext,
  integrationId: string,
): Promise<RefreshEmailTokenResponse> {
  try {
    const integration = await loadActiveIntegration(ctx, integrationId);
    // An IMAP mailbox signs in with a password: there is no token to refresh, and trying would mark it as
    // needing a reconnect. Refresh-all and the on-load refresh leave it as it is.
    if (integration.provider === 'imap') return { success: true, integrationId, tokenExpiresAt: null };
    const fresh = await refreshProviderToken(ctx, integration);
    return { success: true, integrationId, tokenExpiresAt: fresh.expiresAt?.toISOString() ?? null };
  } catch (error) {
    throw error instanceof AppError ? error : toSyncError(error);
  }
}

/**
 * initialize-sync-config: stores where the mailbox's sync starts (syncFromDate, default initialSyncDaysBack
 * days ago) and runs the first sync, after which the scheduler keeps the integration in sync.
 */
export async function initializeSyncConfig(
  ctx: MailContext,
  input: { integrationId: string; syncFromDate?: string | undefined; initialSyncDaysBack: number },
): Promise<{ report: SyncReport; syncFromDate: string }> {
  try {
    await loadActiveIntegration(ctx, input.integrationId);
    const from = input.syncFromDate
      ? new Date(input.syncFromDate)
      : new Date(Date.now() - input.initialSyncDaysBack * DAY_MS);
    const syncFromDate = from.toISOString();
    await withUser(ctx.deps.db, ctx.userId, (tx) =>
      mergeIntegrationMetadata(tx, input.integrationId, {
        sync_from_date: syncFromDate,
        initial_sync_days_back: input.initialSyncDaysBack,
      }),
    );
    const report = await syncIntegration(ctx, {
      integrationId: input.integrationId,
      timeBudgetMs: INITIAL_SYNC_TIME_BUDGET_MS,
    });
    return { report, syncFromDate };
  } catch (error) {
    throw error instanceof AppError ? error : toSyncError(error);
  }
}
