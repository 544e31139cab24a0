export type SyncToast = { title: string; description: string; tone?: 'destructive' };

export const SYNC_FAILED_TITLE = 'Sync Failed';
export const SYNC_TIMEOUT: SyncToast = {
  title: 'Sync Timeout',
  description: 'Email sync is taking longer than expected. Please try again or check your connection.',
  tone: 'destructive',
};
export const THREE_FOLDER_EMAIL_SYNC_FAILED_TITLE = '3-Folder Email Sync Failed';
export const THREE_FOLDER_SYNC_FAILED_TITLE = '3-Folder Sync Failed';
export const THREE_FOLDER_SYNC_FAILED_FALLBACK =
  'Failed to sync emails from Inbox, Sent, and Archive. Please check your connection and try again.';
export const NO_ACTIVE_INTEGRATIONS_FOUND = 'No active email integrations found';
export const NO_ACTIVE_EMAIL_INTEGRATIONS: SyncToast = {
  title: 'No Active Email Integrations',
  description: 'Please connect an email account first in Email Settings to sync emails.',
  tone: 'destructive',
};
export const EMAIL_SYNC_COMPLETE_TITLE = 'Email Sync Complete';
export const NO_NEW_EMAILS_MESSAGE =
  'No new emails found in Inbox, Sent, or Archive folders in the specified time range.';

export type SyncOutcome = {
  newEmails: number;
  updatedEmails: number;
  duplicates: number;
  elapsedSeconds: number;
  criticalErrors?: number;
};

/** A sync counts as a success only with some activity and no critical errors. */
export function isSyncSuccess({
  newEmails,
  updatedEmails,
  duplicates,
  criticalErrors = 0,
}: SyncOutcome): boolean {
  return newEmails + updatedEmails + duplicates > 0 && criticalErrors === 0;
}

/** The toast after a manual sync: counts and elapsed seconds, "no new emails", or the failure text. */
export function syncCompleteMessage(
  outcome: SyncOutcome,
  errorMessage?: string | null,
): SyncToast & {
  isSuccess: boolean;
} {
  const { newEmails, updatedEmails, duplicates, elapsedSeconds, criticalErrors = 0 } = outcome;
  if (criticalErrors > 0) {
    return {
      title: THREE_FOLDER_SYNC_FAILED_TITLE,
      description: errorMessage || THREE_FOLDER_SYNC_FAILED_FALLBACK,
      tone: 'destructive',
      isSuccess: false,
    };
  }
  if (!isSyncSuccess(outcome)) {
    return { title: EMAIL_SYNC_COMPLETE_TITLE, description: NO_NEW_EMAILS_MESSAGE, isSuccess: false };
  }
  const seconds = Math.round(elapsedSeconds);
  return {
    title: EMAIL_SYNC_COMPLETE_TITLE,
    description: `${newEmails} new, ${updatedEmails} updated, ${duplicates} already synced in ${seconds}s.`,
    isSuccess: true,
  };
}

/** The toast of a failed sync, with the server's message or the 3-folder fallback. */
export function syncFailedMessage(errorMessage?: string | null): SyncToast {
  return {
    title: THREE_FOLDER_EMAIL_SYNC_FAILED_TITLE,
    description: errorMessage || THREE_FOLDER_SYNC_FAILED_FALLBACK,
    tone: 'destructive',
  };
}
