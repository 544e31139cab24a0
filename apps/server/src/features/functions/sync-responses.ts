import type { SyncCounters } from '@ledgerdesk/domain/api/functions';
import {
  NO_NEW_EMAILS_MESSAGE,
  THREE_FOLDER_SYNC_FAILED_FALLBACK,
} from '@ledgerdesk/domain/integrations/sync-messages';
import type { SyncReport } from '../../mail';

/** The spec §7 sync answer: success, a message and the counters. */
export function syncResponse(report: SyncReport): SyncCounters & { success: boolean; message: string } {
  const isSuccess = report.criticalErrors === 0;
  const message = !isSuccess
    ? (report.errorMessage ?? THREE_FOLDER_SYNC_FAILED_FALLBACK)
    : report.newEmails + report.updatedEmails + report.duplicates + report.deletedEmails === 0
      ? NO_NEW_EMAILS_MESSAGE
      : `${report.newEmails} new, ${report.updatedEmails} updated, ${report.duplicates} already synced, ${report.deletedEmails} removed.`;
  return {
    success: isSuccess,
    message,
    newEmails: report.newEmails,
    updatedEmails: report.updatedEmails,
    totalProcessed: report.totalProcessed,
    duplicates: report.duplicates,
    criticalErrors: report.criticalErrors,
    expectedErrors: report.expectedErrors,
    dateRange: report.dateRange,
    daysBack: report.daysBack,
    ...(report.warnings.length > 0 ? { warnings: report.warnings } : {}),
  };
}
