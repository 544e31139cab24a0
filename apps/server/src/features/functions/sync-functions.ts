import type { EnhancedFullResyncResponse } from '@ledgerdesk/domain/api/functions';
import {
  enhancedFullResyncSchema,
  syncEmailsSchema,
  syncOffice365Schema,
} from '@ledgerdesk/domain/api/functions';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '../../auth/require-user';
import { parseInput } from '../../http/parse-input';
import { resyncIntegration, type SyncFolder, syncIntegration } from '../../mail';
import { syncResponse } from './sync-responses';

/** A manual sync stops starting pages before the web app's 90 s timeout; the next run resumes the cursor. */
const MANUAL_SYNC_TIME_BUDGET_MS = 60_000;

type ManualSyncInput = Pick<
  z.infer<typeof syncEmailsSchema>,
  'integrationId' | 'daysBack' | 'maxEmails' | 'batchSize'
>;

/** sync-office365-emails, sync-emails and enhanced-full-resync-emails. */
export function registerSyncFunctions(app: FastifyInstance): void {
  // Both manual syncs run the same sync; sync-emails answers the count too. includeRead/includeSent are
  // accepted but do not drop messages: the scheduler keeps every folder equal to the mailbox, and a manual run
  // that skipped some would make the list disagree with it.
  const runManualSync = (userId: string, input: ManualSyncInput) =>
    syncIntegration(
      { deps: app.mail, userId },
      {
        integrationId: input.integrationId,
        daysBack: input.daysBack,
        maxEmails: input.maxEmails,
        pageSize: input.batchSize,
        timeBudgetMs: MANUAL_SYNC_TIME_BUDGET_MS,
      },
    );

  app.post('/api/functions/sync-office365-emails', async (request) => {
    const user = requireUser(request, 'sync emails');
    const report = await runManualSync(user.id, parseInput(syncOffice365Schema, request.body));
    return syncResponse(report);
  });

  app.post('/api/functions/sync-emails', async (request) => {
    const user = requireUser(request, 'sync emails');
    const report = await runManualSync(user.id, parseInput(syncEmailsSchema, request.body));
    return { ...syncResponse(report), synced: report.newEmails + report.updatedEmails };
  });

  app.post(
    '/api/functions/enhanced-full-resync-emails',
    async (request): Promise<EnhancedFullResyncResponse> => {
      const user = requireUser(request, 'reset email data');
      const input = parseInput(enhancedFullResyncSchema, request.body);
      const folders = (['inbox', 'sent', 'archive'] as const).filter(
        (folder) => input.includeFolders[folder],
      ) as SyncFolder[];
      const result = await resyncIntegration(
        { deps: app.mail, userId: user.id },
        { integrationId: input.integrationId, daysBack: input.daysBack, maxEmails: input.maxEmails, folders },
      );
      // A fatal failure (token, permissions, provider down) throws and answers with an error status;
      // messages that failed one by one are warnings (spec §8 "Completed with Warnings"), not a failed run.
      return {
        success: true,
        error: result.errorMessages.length > 0 ? result.errorMessages.join('; ') : null,
        updated: result.updated,
        created: result.created,
        conflicts: result.conflicts,
        errors: result.errors,
        foldersProcessed: result.foldersProcessed,
      };
    },
  );
}
