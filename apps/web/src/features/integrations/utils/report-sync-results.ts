import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import {
  SYNC_FAILED_TITLE,
  syncCompleteMessage,
  syncFailedMessage,
} from '@ledgerdesk/domain/integrations/sync-messages';
import type { SyncResult } from '../api/sync-integration';
import { errorText, notify, type ToastInput } from './notify';

type SyncToast = ToastInput & { kind: 'success' | 'info' };

/**
 * The toasts after a manual sync: "Email Sync Complete" with the summed counts and elapsed seconds (or "no new
 * emails"), "3-Folder Email Sync Failed" when every mailbox failed, and "Sync Failed" per mailbox that failed
 * while others worked.
 */
export function syncResultToasts(
  integrations: readonly Pick<EmailIntegrationDto, 'emailAddress'>[],
  results: readonly PromiseSettledResult<SyncResult>[],
  elapsedSeconds: number,
): SyncToast[] {
  const totals = { newEmails: 0, updatedEmails: 0, duplicates: 0, criticalErrors: 0 };
  let firstMessage: string | null = null;
  const failures: { mailbox: string; message: string }[] = [];
  results.forEach((result, index) => {
    const mailbox = integrations[index]?.emailAddress ?? 'Mailbox';
    if (result.status === 'rejected') {
      failures.push({ mailbox, message: errorText(result.reason) });
      return;
    }
    const value = result.value;
    totals.newEmails += value.newEmails ?? 0;
    totals.updatedEmails += value.updatedEmails ?? 0;
    totals.duplicates += value.duplicates ?? 0;
    totals.criticalErrors += value.criticalErrors ?? 0;
    if (!value.success && value.message && !firstMessage) firstMessage = value.message;
  });
  if (results.length > 0 && failures.length === results.length) {
    const detail =
      failures.length === 1
        ? failures[0]?.message
        : failures.map((failure) => `${failure.mailbox}: ${failure.message}`).join(' ');
    return [{ ...syncFailedMessage(detail), kind: 'info' }];
  }
  const { isSuccess, ...complete } = syncCompleteMessage({ ...totals, elapsedSeconds }, firstMessage);
  return [
    { ...complete, kind: isSuccess ? 'success' : 'info' },
    ...failures.map((failure) => ({
      title: SYNC_FAILED_TITLE,
      description: `${failure.mailbox}: ${failure.message}`,
      tone: 'destructive' as const,
      kind: 'info' as const,
    })),
  ];
}

/** Shows the toasts of syncResultToasts. */
export function reportSyncResults(...args: Parameters<typeof syncResultToasts>): void {
  for (const { kind, ...message } of syncResultToasts(...args)) notify(message, kind);
}
