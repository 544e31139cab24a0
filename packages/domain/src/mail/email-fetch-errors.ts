export type EmailFetchErrorCode =
  | 'EmailIntegrationNotFound'
  | 'EmailIntegrationInactive'
  | 'NotLoggedIn'
  | 'EmailAccountExpired'
  | 'EmailNotFound'
  | 'RequestTimeout'
  | 'ProviderFetchFailed'
  | 'NetworkError'
  | 'Unknown'
  | 'NoIntegration';

export type MessageTone = 'destructive' | 'neutral';

export type EmailFetchError = { title: string; description: string; isRetryable: boolean; tone: MessageTone };

export const FAILED_TO_LOAD_EMAIL_TITLE = 'Failed to Load Email';
export const NOT_LOGGED_IN_FETCH_MESSAGE = 'You must be logged in to fetch email content.';

/** Spec §8 "Email content fetch": title, text, retry and styling of each failure. */
export const EMAIL_FETCH_ERRORS: Record<EmailFetchErrorCode, EmailFetchError> = {
  EmailIntegrationNotFound: {
    title: FAILED_TO_LOAD_EMAIL_TITLE,
    description: "You don't have access to this email integration.",
    isRetryable: false,
    tone: 'destructive',
  },
  EmailIntegrationInactive: {
    title: 'Email Integration Inactive',
    description: 'This email integration is inactive. Please reactivate it in Email Settings.',
    isRetryable: false,
    tone: 'destructive',
  },
  NotLoggedIn: {
    title: 'Authentication Required',
    description: 'Please log in to view email content.',
    isRetryable: false,
    tone: 'destructive',
  },
  EmailAccountExpired: {
    title: 'Email Access Expired',
    description: 'Your email account access has expired. Please refresh your connection in Email Settings.',
    isRetryable: false,
    tone: 'destructive',
  },
  EmailNotFound: {
    title: 'Email Not Available',
    description: 'This email could not be found. It may have been archived, moved, or deleted.',
    isRetryable: false,
    tone: 'neutral',
  },
  RequestTimeout: {
    title: 'Request Timeout',
    description: 'Request timed out. Your email provider may be experiencing issues. Please try again.',
    isRetryable: true,
    tone: 'destructive',
  },
  ProviderFetchFailed: {
    title: 'Email Provider Unavailable',
    description: 'Unable to connect to your email provider. Please check your connection and try again.',
    isRetryable: true,
    tone: 'destructive',
  },
  NetworkError: {
    title: 'Network Error',
    description: 'Network error occurred. Please check your internet connection and try again.',
    isRetryable: true,
    tone: 'destructive',
  },
  Unknown: {
    title: FAILED_TO_LOAD_EMAIL_TITLE,
    description: 'Could not fetch email content. Please try again.',
    isRetryable: true,
    tone: 'destructive',
  },
  NoIntegration: {
    title: 'No Email Integration',
    description:
      "This item doesn't have email integration data. It may be from a different source or an older item.",
    isRetryable: false,
    tone: 'neutral',
  },
};

const RULES: readonly [RegExp, EmailFetchErrorCode][] = [
  [/EmailIntegrationNotFound|integration not found/i, 'EmailIntegrationNotFound'],
  [/EmailIntegrationInactive|integration is inactive/i, 'EmailIntegrationInactive'],
  [/NoIntegration\b|doesn't have email integration data/i, 'NoIntegration'],
  [/must be logged in|NotLoggedIn/i, 'NotLoggedIn'],
  [
    /EmailAccountExpired|InvalidAuthenticationToken|Email account access has expired|token refresh failed/i,
    'EmailAccountExpired',
  ],
  [/EmailNotFound|ErrorItemNotFound|\b404\b|not found/i, 'EmailNotFound'],
  [/timeout|timed out/i, 'RequestTimeout'],
  [/ProviderFetchFailed|unable to connect to your email provider/i, 'ProviderFetchFailed'],
  [/network|failed to fetch/i, 'NetworkError'],
];

/** Maps a server or client error message (or code name) to an email-fetch error code. */
export function classifyFetchError(message: string | null | undefined): EmailFetchErrorCode {
  const text = message ?? '';
  for (const [pattern, code] of RULES) {
    if (pattern.test(text)) return code;
  }
  return 'Unknown';
}
