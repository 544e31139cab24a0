import { withUser } from '../../db/with-user';
import { isMailboxAccessRefused, markAccessRemoved } from '../connect/access-removed';
import { isMailError } from '../core/errors';
import type { IntegrationCtx, IntegrationRow } from '../core/integration-store';
import { recordFailure, recordSynced } from '../core/notices/failure-notice';
import { isProviderError } from '../core/transport/provider-error';
import { SYNC_POLICY } from '../core/transport/retry-policy';
import { providerFor } from '../providers';
import { openProviderSession } from '../sessions';
import { loadRowContext } from './row-context';
import { emptySyncReport, type SyncFolder, type SyncReport } from './sync-report';
import { syncStream } from './sync-stream';
import { syncWindowStart } from './sync-window';

export const ALL_FOLDERS: readonly SyncFolder[] = ['inbox', 'sent', 'archive'];

export type SyncOptions = {
  folders?: readonly SyncFolder[];
  /** Window of a first listing when the integration has no configured start. */
  daysBack?: number;
  maxEmails?: number;
  pageSize?: number;
  /** Stop starting pages after this many ms (the cursor resumes next run). */
  timeBudgetMs?: number;
  /** The cursor a push notification announced (Gmail's historyId), passed to the first incremental read. */
  hintCursor?: string | undefined;
  /** Called after each committed page with the counters so far (progress logging). */
  onProgress?: (report: SyncReport) => void;
};

/**
 * One sync run of an integration over its folders. A failure that needs the user (reconnect) aborts the run
 * and is thrown; any other failure of a stream is counted as critical, recorded on the integration and the
 * other streams still run. Caller holds the integration's sync lock.
 */
export async function syncIntegrationRun(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const now = new Date();
  const provider = providerFor(ctx.deps, integration.provider);
  const since = syncWindowStart(integration.metadata, options.daysBack, now);
  const daysBack = Math.max(1, Math.round((now.getTime() - since.getTime()) / 86_400_000));
  const report = {
    ...emptySyncReport(daysBack, now),
    dateRange: { from: since.toISOString(), to: now.toISOString() },
  };
  const session = openProviderSession(ctx, integration, { policy: SYNC_POLICY });
  const context = await loadRowContext(ctx, integration.id);
  const budget = {
    remaining: options.maxEmails ?? Number.POSITIVE_INFINITY,
    pageSize: options.pageSize ?? 100,
    stopAt: now.getTime() + (options.timeBudgetMs ?? Number.POSITIVE_INFINITY),
    since,
    hintCursor: options.hintCursor,
  };
  for (const stream of provider.streams(options.folders ?? ALL_FOLDERS)) {
    try {
      await syncStream(ctx, provider, session, context, stream, budget, report, options.onProgress);
    } catch (error) {
      // Without a usable token no other stream can run either: record it (a refused refresh token was
      // recorded when it was refused) and let the caller say so.
      if (isMailError(error, 'reconnect_required')) throw error;
      if (integration.mailboxKind === 'shared' && isMailboxAccessRefused(error))
        await markAccessRemoved(ctx, integration);
      if (isProviderError(error, 'unauthorized', 'invalid_grant')) {
        // An IMAP server refusing the stored password is an IMAP mailbox's expired token: only a new password
        // helps (Email Integration's "Update password"), so it waits for one instead of retrying every minute.
        if (integration.provider === 'imap')
          await recordFailure(ctx, integration, 'reconnect', error.message, { needsReconnect: true });
        else await recordFailure(ctx, integration, 'sync', error.message);
        throw error;
      }
      report.criticalErrors++;
      report.errorMessage = runFailureMessage(error);
    }
  }
  if (report.criticalErrors > 0) {
    await recordFailure(ctx, integration, 'sync', report.errorMessage ?? 'Unknown error');
    return report;
  }
  await withUser(ctx.deps.db, ctx.userId, (tx) => recordSynced(tx, integration.id));
  return report;
}

/** A failed stream's reason for the report and the notice: a database failure says why, never its SQL. */
function runFailureMessage(error: unknown): string {
  const isQueryFailure = error instanceof Error && error.message.startsWith('Failed query:');
  const reason = isQueryFailure && error.cause instanceof Error ? error.cause : error;
  return reason instanceof Error ? reason.message : String(reason);
}
