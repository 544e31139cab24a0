import type { EmailStatus } from '../entities';

export type StatusCard = { title: string; description: string; hint?: string; canRetry: boolean };

export const NO_EMAIL_CONTENT_MESSAGE = 'No email content available for this item';
export const THREAD_ERROR_HINT = 'If this continues, try refreshing your email connection in Settings';
export const TRY_AGAIN_LABEL = 'Try Again';

export const STATUS_CARDS = {
  syncing: {
    title: 'Loading Email Content',
    description: 'Fetching email details from your email provider...',
    canRetry: false,
  },
  error: {
    title: 'Unable to Load Email',
    description:
      'The email could not be loaded. Your email connection may have expired, there may be a network problem, or the email may have been moved or deleted.',
    hint: THREAD_ERROR_HINT,
    canRetry: true,
  },
  archived: {
    title: 'Email Archived',
    description: 'This email has been moved to the Archive folder of your mailbox.',
    canRetry: true,
  },
  deleted: {
    title: 'Email Deleted',
    description: 'This email has been deleted from your mailbox and can no longer be shown.',
    canRetry: false,
  },
  cleared: {
    title: 'Item Cleared',
    description: 'This item has been cleared from your triage.',
    canRetry: false,
  },
  basic: {
    title: 'Basic Triage Item',
    description: 'This item has no email integration data, so there is no email content to show.',
    canRetry: false,
  },
  noContent: {
    title: 'No Email Content',
    description: NO_EMAIL_CONTENT_MESSAGE,
    canRetry: false,
  },
} as const satisfies Record<string, StatusCard>;

export type StatusCardKind = keyof typeof STATUS_CARDS;

/** Which status card the detail body shows instead of emails (null when the thread's emails are shown). */
export function statusCardKind(input: {
  status: EmailStatus;
  isCleared: boolean;
  hasIntegrationData: boolean;
  hasEmails: boolean;
}): StatusCardKind | null {
  switch (input.status) {
    case 'syncing':
    case 'error':
    case 'archived':
    case 'deleted':
      return input.status;
    case 'available':
      if (input.hasEmails) return null;
      if (input.isCleared) return 'cleared';
      return input.hasIntegrationData ? 'noContent' : 'basic';
  }
}

const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  available: 'Available',
  archived: 'Archived',
  deleted: 'Deleted',
  error: 'Error',
  syncing: 'Syncing',
};

export const UNKNOWN_STATUS_LABEL = 'Unknown';
/** Label of the folder-state field in the detail view. */
export const EMAIL_STATUS_FIELD_LABEL = 'Email Status';

/** Badge label of an email status; "Unknown" for anything else. */
export function emailStatusLabel(status: string | null | undefined): string {
  return status != null && Object.hasOwn(EMAIL_STATUS_LABELS, status)
    ? EMAIL_STATUS_LABELS[status as EmailStatus]
    : UNKNOWN_STATUS_LABEL;
}
