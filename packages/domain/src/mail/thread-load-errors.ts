import { THREAD_LOAD_MAX_RETRIES } from '../constants';

export type ThreadLoadErrorCode =
  | 'NotLoggedIn'
  | 'TokenExpired'
  | 'IntegrationInactive'
  | 'EmailNotFound'
  | 'ContentUnavailable'
  | 'Timeout'
  | 'PreviewEnvironment'
  | 'Unknown';

export const THREAD_LOAD_ERROR_TITLE = 'Failed to Load Thread';

const THREAD_LOAD_MESSAGES: Record<ThreadLoadErrorCode, string> = {
  NotLoggedIn: 'Please log in to view email threads.',
  TokenExpired: 'Your email account access has expired. Please refresh your token in Email Settings.',
  IntegrationInactive: 'Your email integration is inactive. Please reactivate it in Email Settings.',
  EmailNotFound: 'Email not found. It may have been moved or deleted.',
  ContentUnavailable: 'Email content not available',
  Timeout: 'Request timed out. Your email provider may be experiencing issues. Please try again.',
  PreviewEnvironment:
    'Email content cannot be loaded in the preview environment. Open the app in its own environment to view email threads.',
  Unknown: 'Unable to load thread items. Please refresh and try again.',
};

/** The "Failed to Load Thread" text for a code. */
export function threadLoadErrorMessage(code: ThreadLoadErrorCode): string {
  return THREAD_LOAD_MESSAGES[code];
}

const RULES: readonly [RegExp, ThreadLoadErrorCode][] = [
  [/must be logged in|NotLoggedIn/i, 'NotLoggedIn'],
  [/EmailAccountExpired|InvalidAuthenticationToken|access has expired|token expired/i, 'TokenExpired'],
  [/inactive/i, 'IntegrationInactive'],
  [/preview environment|PreviewEnvironment/i, 'PreviewEnvironment'],
  [/EmailNotFound|ErrorItemNotFound|\b404\b|not found/i, 'EmailNotFound'],
  [/content not available|ContentUnavailable/i, 'ContentUnavailable'],
  [/timeout|timed out/i, 'Timeout'],
];

/** Maps an error message (or code name) from a thread load to a thread-load code. */
export function classifyThreadLoadError(message: string | null | undefined): ThreadLoadErrorCode {
  const text = message ?? '';
  for (const [pattern, code] of RULES) {
    if (pattern.test(text)) return code;
  }
  return 'Unknown';
}

const NEVER_RETRIED: readonly ThreadLoadErrorCode[] = ['TokenExpired', 'NotLoggedIn', 'IntegrationInactive'];

/**
 * Whether a failed thread load is retried: at most 2 retries, never for an expired token, a signed-out
 * user or an inactive integration. `failureCount` is the number of retries already made (TanStack Query's
 * retry(failureCount) convention: 0 on the first failure).
 */
export function shouldRetryThreadLoad(code: ThreadLoadErrorCode, failureCount: number): boolean {
  return failureCount < THREAD_LOAD_MAX_RETRIES && !NEVER_RETRIED.includes(code);
}
