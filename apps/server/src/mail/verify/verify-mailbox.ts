import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { isMailError } from '../core/errors';
import type { IntegrationCtx, IntegrationRow } from '../core/integration-store';
import type { MailDeps } from '../core/mail-deps';
import { storableText } from '../core/storable-text';
import { isProviderError } from '../core/transport/provider-error';
import { SYNC_POLICY } from '../core/transport/retry-policy';
import { providerFor } from '../providers';
import { openProviderSession } from '../sessions';
import { loadRowContext } from '../sync/row-context';
import { loadScheduledIntegration, runUnderSyncLock } from '../sync/run-under-sync-lock';
import { ALL_FOLDERS, syncIntegrationRun } from '../sync/sync-integration';
import { syncWindowStart } from '../sync/sync-window';
import { findGaps } from './find-gaps';
import { healGaps, loadHeldItems } from './heal-gaps';
import { isAnsweredSince, recordEnded, recordStarted, type VerificationCounts } from './verification-store';

/** How often a mailbox is reconciled with its provider unless asked for sooner (decision 021). */
export const VERIFY_EVERY_HOURS = 24;
/** A reconciliation waits this long for a sync or reset holding the mailbox, then gives way (next round). */
const VERIFY_LOCK_WAIT_MS = 30_000;

export type VerifyDue = { integrationId: string; userId: string };

/** Mailboxes due for reconciliation (asked for, or not verified for a day), across users. */
export async function listVerifyDue(db: Db, now: Date, maxRows = 200): Promise<VerifyDue[]> {
  const rows = rowsOf<{ email_integration_id: string; user_id: string }>(
    await db.execute(
      sql`select * from ledgerdesk_verify_due(${now.toISOString()}::timestamptz, make_interval(hours => ${VERIFY_EVERY_HOURS}), ${maxRows})`,
    ),
  );
  return rows.map((row) => ({ integrationId: row.email_integration_id, userId: row.user_id }));
}

export type VerifyOutcome = 'verified' | 'skipped' | 'busy' | 'failed';

/**
 * Reconciles one mailbox under its sync lock: syncs it to now (so what arrived since the last sync is not
 * counted as missing), lists the provider's message ids of each synced folder inside the sync window, compares
 * them with triage's, fetches and files what is missing, settles what the provider no longer has there, and
 * records the counts. A failure is recorded in words and never touches syncing.
 */
export async function verifyMailbox(
  deps: MailDeps,
  data: { integrationId: string; userId: string },
  options: { waitMs?: number; queuedAt?: Date } = {},
): Promise<VerifyOutcome> {
  const ctx: IntegrationCtx = { deps, userId: data.userId };
  const run = await runUnderSyncLock(
    ctx,
    data.integrationId,
    { waitMs: options.waitMs ?? VERIFY_LOCK_WAIT_MS, load: loadScheduledIntegration },
    async (integration): Promise<VerifyOutcome> => {
      // A job queued while another run went on (a round sees the request until that run ends) is answered by
      // it: run again, it would find nothing and put "0 missing" over what that run healed.
      if (options.queuedAt && (await isAnsweredSince(ctx, integration.id, options.queuedAt)))
        return 'skipped';
      const startedAt = new Date();
      await recordStarted(ctx, integration.id, startedAt);
      try {
        const counts = await reconcileMailbox(ctx, integration);
        await recordEnded(ctx, integration.id, startedAt, { counts });
        deps.log.info({ integrationId: integration.id, ...counts }, 'mailbox verified');
        return 'verified';
      } catch (error) {
        deps.log.warn({ err: error, integrationId: integration.id }, 'mailbox verification failed');
        await recordEnded(ctx, integration.id, startedAt, { error: describeVerifyFailure(error) });
        return 'failed';
      }
    },
  );
  if (run.status === 'refused') return 'skipped';
  if (run.status === 'busy') return 'busy';
  return run.value;
}

/** Thrown when the sync that starts a reconciliation fails: comparing then would count unsynced mail. */
class SyncBeforeVerifyFailed extends Error {
  override name = 'SyncBeforeVerifyFailed';
}

async function reconcileMailbox(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
): Promise<VerificationCounts> {
  const report = await syncIntegrationRun(ctx, integration);
  if (report.criticalErrors > 0) throw new SyncBeforeVerifyFailed(report.errorMessage ?? 'sync failed');
  const provider = providerFor(ctx.deps, integration.provider);
  const session = openProviderSession(ctx, integration, { policy: SYNC_POLICY });
  const since = syncWindowStart(integration.metadata, undefined, new Date());
  const listed = new Map<SyncFolder, string[]>();
  for (const folder of ALL_FOLDERS) listed.set(folder, await provider.listIds(session, { folder, since }));
  const gaps = findGaps(listed, await loadHeldItems(ctx, integration.id), since);
  const context = await loadRowContext(ctx, integration.id);
  const filed = await healGaps(ctx, provider, session, context, gaps.missing);
  const settled = await healGaps(ctx, provider, session, context, gaps.extra);
  return {
    messageCount: gaps.listed,
    // Filed as items, or as per-message errors the next syncs retry: either way triage now knows them.
    missingCount: filed.inserted + filed.failed,
    extraCount: settled.updated + settled.deleted,
  };
}

/** Why a reconciliation failed, in words for Email Integration (never a token, an SQL text or a body). */
export function describeVerifyFailure(error: unknown): string {
  if (error instanceof SyncBeforeVerifyFailed)
    return storableText(`The mailbox could not be synced first: ${error.message}`).slice(0, 300);
  if (isMailError(error, 'reconnect_required') || isProviderError(error, 'unauthorized', 'invalid_grant'))
    return 'The mailbox connection needs attention.';
  if (isProviderError(error, 'forbidden')) return 'The mail provider refused to list this mailbox.';
  if (isProviderError(error, 'throttled'))
    return 'The mail provider is busy (throttled); it will be tried again.';
  if (isProviderError(error, 'network', 'timeout', 'unavailable'))
    return 'The mail provider could not be reached.';
  return 'The mailbox could not be verified.';
}
