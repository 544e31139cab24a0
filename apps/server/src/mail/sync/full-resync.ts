import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { resetFailedMessage } from '@ledgerdesk/domain/integrations/reset-dialog';
import { SYNC_CURSOR_KEYS } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import { and, eq, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { isMailError } from '../core/errors';
import {
  type IntegrationCtx,
  type IntegrationRow,
  mergeIntegrationMetadata,
} from '../core/integration-store';
import type { MailProvider, SyncedMessage } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import { isProviderError } from '../core/transport/provider-error';
import { SYNC_POLICY } from '../core/transport/retry-policy';
import { providerFor } from '../providers';
import { openProviderSession } from '../sessions';
import { applyChanges } from './apply-changes';
import { markerKey } from './listing-marker';
import { resolveChanges } from './resolve-changes';
import { loadRowContext } from './row-context';

export type ResyncOptions = { folders: readonly SyncFolder[]; daysBack: number; maxEmails: number };

export type ResyncResult = {
  created: number;
  updated: number;
  conflicts: number;
  errors: number;
  errorMessages: string[];
  foldersProcessed: Record<SyncFolder, number>;
};

const DAY_MS = 86_400_000;

/**
 * The Enhanced Reset: lists the chosen folders from scratch, then for each folder, in ONE transaction,
 * deletes the integration's items of that folder and writes the listed messages (so a crash leaves each
 * folder as it was or fully rebuilt). Finally clears every cursor, resets the error counts and records
 * the reset in the integration's metadata. Caller holds the sync lock.
 */
export async function fullResync(ctx: IntegrationCtx, integration: IntegrationRow, options: ResyncOptions) {
  const provider = providerFor(ctx.deps, integration.provider);
  const session = openProviderSession(ctx, integration, { policy: SYNC_POLICY });
  const context = await loadRowContext(ctx, integration.id);
  const since = new Date(Date.now() - options.daysBack * DAY_MS);
  const result: ResyncResult = {
    created: 0,
    updated: 0,
    conflicts: 0,
    errors: 0,
    errorMessages: [],
    foldersProcessed: { inbox: 0, sent: 0, archive: 0 },
  };
  const listed = await listFolders(provider, session, options, since, result);
  if (listed.size === 0) throw resetFailed(result.errorMessages);
  for (const folder of options.folders) {
    const messages = listed.get(folder);
    if (!messages) continue;
    const counts = await withUser(ctx.deps.db, ctx.userId, async (tx) => {
      await tx
        .delete(triageItems)
        .where(
          and(
            eq(triageItems.emailIntegrationId, integration.id),
            sql`${triageItems.metadata}->>'mail_folder' = ${folder}`,
          ),
        );
      return applyChanges(
        tx,
        context,
        messages.map((message) => ({ kind: 'upsert' as const, message })),
        new Date(),
      );
    });
    result.created += counts.inserted;
    result.errors += counts.failed;
    if (counts.failureMessage) result.errorMessages.push(counts.failureMessage);
    result.updated += counts.updated + counts.unchanged;
    result.foldersProcessed[folder] = counts.inserted + counts.updated + counts.unchanged;
  }
  const resetItemsCount = result.created + result.updated;
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    mergeIntegrationMetadata(tx, integration.id, {
      ...Object.fromEntries(SYNC_CURSOR_KEYS.map((key) => [key, null])),
      ...Object.fromEntries(
        provider.streams(['inbox', 'sent', 'archive']).map((stream) => [markerKey(stream), null]),
      ),
      sync_error_count: 0,
      sync_error_message: null,
      last_complete_reset_at: new Date().toISOString(),
      reset_scope: {
        inbox: options.folders.includes('inbox'),
        sent: options.folders.includes('sent'),
        archive: options.folders.includes('archive'),
      },
      reset_items_count: resetItemsCount,
      post_reset_state: true,
      reset_baseline_date: since.toISOString(),
    }),
  );
  return result;
}

/** Every folder listing failed: nothing was reset, and the run says so (spec §8 "Enhanced Reset Failed"). */
function resetFailed(errorMessages: string[]): AppError {
  const error = new AppError(502, 'RESET_FAILED', resetFailedMessage().description);
  error.cause = new Error(`every folder listing failed: ${errorMessages.join('; ')}`);
  return error;
}

/** Lists the chosen folders from scratch (newest first, at most maxEmails in all), grouped by folder. */
async function listFolders(
  provider: MailProvider,
  session: MailSession,
  options: ResyncOptions,
  since: Date,
  result: ResyncResult,
): Promise<Map<SyncFolder, SyncedMessage[]>> {
  const byFolder = new Map<SyncFolder, SyncedMessage[]>();
  const seen = new Set<string>();
  let remaining = options.maxEmails;
  for (const stream of provider.streams(options.folders)) {
    try {
      let cursor: string | null = null;
      const collected = new Map<SyncFolder, SyncedMessage[]>(stream.folders.map((folder) => [folder, []]));
      for (;;) {
        const page = await provider.listChanges(session, {
          stream,
          cursor,
          since,
          pageSize: Math.min(100, remaining),
        });
        for (const change of await resolveChanges(provider, session, page.changes)) {
          if (change.kind !== 'upsert' || !change.message.folder || remaining <= 0) continue;
          const bucket = collected.get(change.message.folder);
          if (!bucket) continue;
          if (seen.has(change.message.id)) {
            result.conflicts++;
            continue;
          }
          seen.add(change.message.id);
          bucket.push(change.message);
          remaining--;
        }
        cursor = page.cursor;
        if (page.isComplete || remaining <= 0) break;
      }
      for (const [folder, messages] of collected) byFolder.set(folder, messages);
    } catch (error) {
      if (isMailError(error, 'reconnect_required') || isProviderError(error, 'unauthorized', 'invalid_grant'))
        throw error;
      result.errors++;
      result.errorMessages.push(error instanceof Error ? error.message : String(error));
    }
  }
  return byFolder;
}
