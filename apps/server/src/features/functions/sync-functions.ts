import type { EnhancedFullResyncResponse } from '@ledgerdesk/domain/api/functions';
import {
  enhancedFullResyncSchema,
  syncEmailsSchema,
  syncOffice365Schema,
} from '@ledgerdesk/domain/api/functions';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { resyncIntegration, syncIntegration, turnOnLiveUpdates } from '../../mail';
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

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/functions/sync-office365-emails',
      summary: 'Sync an Office 365 mailbox.',
      auth: { action: 'sync emails' },
      body: syncOffice365Schema,
    },
    async ({ user, body }) => {
      const report = await runManualSync(user.id, body);
      return syncResponse(report);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/functions/sync-emails',
      summary: 'Sync another mailbox.',
      auth: { action: 'sync emails' },
      body: syncEmailsSchema,
    },
    async ({ user, body }) => {
      const report = await runManualSync(user.id, body);
      return { ...syncResponse(report), synced: report.newEmails + report.updatedEmails };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/functions/enhanced-full-resync-emails',
      summary: 'The Enhanced Reset.',
      auth: { action: 'reset email data' },
      body: enhancedFullResyncSchema,
    },
    async ({ user, body: input }): Promise<EnhancedFullResyncResponse> => {
      const folders = (['inbox', 'sent', 'archive'] as const).filter(
        (folder) => input.includeFolders[folder],
      ) as SyncFolder[];
      const result = await resyncIntegration(
        { deps: app.mail, userId: user.id },
        { integrationId: input.integrationId, daysBack: input.daysBack, maxEmails: input.maxEmails, folders },
      );
      // A reset mailbox gets a fresh subscription (decision 021): the old one may have been what went wrong.
      const mailbox = { userId: user.id, integrationId: input.integrationId };
      await turnOnLiveUpdates(app.mail, app.syncFleet, mailbox);
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
