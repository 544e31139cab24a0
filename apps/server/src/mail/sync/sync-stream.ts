import { withUser } from '../../db/with-user';
import {
  type IntegrationCtx,
  mergeIntegrationMetadata,
  readIntegrationMetadata,
} from '../core/integration-store';
import type { MailProvider, SyncStream } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import { isProviderError } from '../core/transport/provider-error';
import { type ApplyCounts, applyChanges } from './apply-changes';
import { loadHeldReadStates } from './held-read-states';
import { type ListingMarker, markerKey, readMarker } from './listing-marker';
import { reconcileListing } from './reconcile';
import { resolveChanges } from './resolve-changes';
import { MAX_WARNINGS, type SyncReport } from './sync-report';
import type { RowContext } from './triage-values';

export type StreamBudget = {
  /** Messages this run may still process (pages are cut to fit); Infinity for no limit. */
  remaining: number;
  pageSize: number;
  /** Stop starting new pages after this time (ms); the cursor resumes there next run. */
  stopAt: number;
  /** The window of a listing from scratch. */
  since: Date;
  /** The cursor a push notification announced, for the first incremental read (then cleared). */
  hintCursor?: string | undefined;
};

/**
 * Syncs one stream page by page. Each page is resolved, then written together with the cursor that follows
 * it in one transaction, so a crash at any point resumes after the last committed page. An expired cursor
 * restarts the stream as a full listing, which ends with a reconcile sweep.
 */
export async function syncStream(
  ctx: IntegrationCtx,
  provider: MailProvider,
  session: MailSession,
  context: RowContext,
  stream: SyncStream,
  budget: StreamBudget,
  report: SyncReport,
  onProgress?: (report: SyncReport) => void,
): Promise<void> {
  const metadata = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    readIntegrationMetadata(tx, context.integrationId),
  );
  let cursor = (metadata[stream.cursorKey] as string | null | undefined) || null;
  let marker = readMarker(metadata, stream);
  // The stored cursor is a page inside a round of changes (a run stopped, or crashed, before the round's end):
  // that round ends where it began, so mail that came after it needs one more round in this run (the
  // notification that woke this sync may be for exactly that mail).
  let isMidRound = cursor !== null && !marker && metadata[midRoundKey(stream)] === true;
  if (marker?.is_listed) {
    // A crash between the listing's last page and its sweep: finish the sweep first.
    count(report, stream, await reconcileListing(ctx, provider, session, context, stream, marker));
    marker = null;
  }
  let hasRestarted = false;
  while (budget.remaining > 0 && Date.now() < budget.stopAt) {
    if (!cursor && !marker)
      marker = { started_at: new Date().toISOString(), since: budget.since.toISOString() };
    const since = marker ? new Date(marker.since) : budget.since;
    let page: Awaited<ReturnType<MailProvider['listChanges']>>;
    try {
      const pageSize = Math.max(1, Math.min(budget.pageSize, budget.remaining));
      const hint = cursor && !marker ? budget.hintCursor : undefined;
      budget.hintCursor = undefined;
      page = await provider.listChanges(session, {
        stream,
        cursor,
        since,
        pageSize,
        ...(hint ? { hint } : {}),
        ...(cursor && !marker ? { heldReadStates: (ids) => loadHeldReadStates(ctx, context, ids) } : {}),
      });
    } catch (error) {
      if (!isProviderError(error, 'cursor_expired') || hasRestarted || !cursor) throw error;
      hasRestarted = true;
      report.resyncedFolders.push(...stream.folders);
      cursor = null;
      marker = null;
      continue;
    }
    const changes = await resolveChanges(provider, session, page.changes);
    // Rows written during a listing are stamped; the sweep afterwards looks up the unstamped ones.
    const nextMarker: ListingMarker | null =
      marker && (page.isComplete ? { ...marker, is_listed: true } : marker);
    const counts = await withUser(ctx.deps.db, ctx.userId, async (tx) => {
      const applied = await applyChanges(tx, context, changes, nextMarker ? new Date() : null);
      await mergeIntegrationMetadata(tx, context.integrationId, {
        [stream.cursorKey]: page.cursor,
        [markerKey(stream)]: nextMarker,
        [midRoundKey(stream)]: !page.isComplete && !nextMarker,
      });
      return applied;
    });
    count(report, stream, counts);
    onProgress?.(report);
    budget.remaining -= page.changes.length;
    cursor = page.cursor;
    if (page.isComplete) {
      if (nextMarker)
        count(report, stream, await reconcileListing(ctx, provider, session, context, stream, nextMarker));
      if (!isMidRound) return;
      isMidRound = false;
      marker = null;
    }
  }
}

/** Metadata key: the stream's cursor is a page inside a round of changes, not a round's end. */
const midRoundKey = (stream: SyncStream) => `${stream.cursorKey}_mid_round`;

function count(report: SyncReport, stream: SyncStream, counts: ApplyCounts): void {
  report.newEmails += counts.inserted;
  report.updatedEmails += counts.updated;
  report.duplicates += counts.unchanged;
  report.deletedEmails += counts.deleted;
  report.expectedErrors += counts.failed;
  if (counts.failureMessage && report.warnings.length < MAX_WARNINGS)
    report.warnings.push(counts.failureMessage);
  const processed = counts.inserted + counts.updated + counts.unchanged + counts.deleted;
  report.totalProcessed += processed;
  const folder = stream.folders.length === 1 ? stream.folders[0] : undefined;
  if (folder) report.foldersProcessed[folder] += processed;
}
