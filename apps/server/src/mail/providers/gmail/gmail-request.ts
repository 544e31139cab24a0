import type { GoogleConfig } from '../../core/mail-config';
import { authorizedFetch } from '../../core/session/authorized-fetch';
import type { MailSession } from '../../core/session/mail-session';
import { sleep } from '../../core/transport/fetch-with-retry';
import { kindForStatus, ProviderError, readJsonAnswer } from '../../core/transport/provider-error';
import { parseRetryAfter, retryDelay } from '../../core/transport/retry-policy';

export type GmailCall = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | string[] | undefined>;
  /** false for messages.send: never repeated blindly (decision 029). */
  isIdempotent?: boolean;
};

type GoogleErrorBody = {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string }> };
};

/** `/users/me/...` below `${GMAIL_API_URL}/gmail/v1`, with repeated query parameters for arrays. */
export function gmailUrl(config: GoogleConfig, path: string, query: GmailCall['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  const search = params.toString();
  return `${config.apiUrl}/gmail/v1${path}${search ? `?${search}` : ''}`;
}

/** Google's reason for an error (rateLimitExceeded, notFound, …) or its status. */
export function googleReason(body: GoogleErrorBody): string | null {
  return body.error?.errors?.[0]?.reason ?? body.error?.status ?? null;
}

/** Whether a Google error is a rate limit (429, or the older 403 rateLimitExceeded / userRateLimitExceeded). */
export function isGoogleRateLimit(status: number, reason: string | null): boolean {
  return status === 429 || (status === 403 && /rateLimitExceeded/i.test(reason ?? ''));
}

/** A Gmail error answer (status, JSON body and Retry-After, if any) as a ProviderError. */
export function gmailError(
  status: number,
  body: GoogleErrorBody,
  retryAfterMs: number | null = null,
): ProviderError {
  const reason = googleReason(body);
  const message = `${reason ?? `http_${status}`}: ${body.error?.message ?? 'Gmail request failed'}`;
  const kind = isGoogleRateLimit(status, reason) ? 'throttled' : kindForStatus(status);
  return new ProviderError(kind, message, status, reason, retryAfterMs);
}

/**
 * Calls the Gmail API and answers the parsed JSON; errors throw ProviderError. 429 and server errors are retried
 * below (authorizedFetch); Google's 403 usage-limit answers (userRateLimitExceeded, rateLimitExceeded) are
 * retried here the same way, with exponential backoff: the call was refused, not run, so this is safe even for
 * messages.send (https://developers.google.com/gmail/api/guides/handle-errors).
 */
export async function gmailCall<T>(
  session: MailSession,
  config: GoogleConfig,
  path: string,
  call: GmailCall = {},
): Promise<T> {
  const url = gmailUrl(config, path, call.query);
  const init = {
    method: call.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: call.body === undefined ? null : JSON.stringify(call.body),
    ...(call.isIdempotent === false ? { isIdempotent: false } : {}),
  };
  for (let attempt = 0; ; attempt++) {
    const response = await authorizedFetch(session, url, init);
    if (response.ok) {
      if (response.status === 204) return null as T;
      return readJsonAnswer<T>(response, 'Gmail');
    }
    const error = gmailError(
      response.status,
      (await response.json().catch(() => ({}))) as GoogleErrorBody,
      parseRetryAfter(response.headers.get('retry-after')),
    );
    if (response.status !== 403 || error.kind !== 'throttled') throw error;
    if (!(await waitForUsageLimit(session, attempt, error.retryAfterMs))) throw error;
  }
}

/** Waits before retrying a usage-limit refusal; false when the retries or the operation's deadline are spent. */
async function waitForUsageLimit(
  session: MailSession,
  attempt: number,
  retryAfterMs: number | null,
): Promise<boolean> {
  if (attempt >= session.policy.maxRetries) return false;
  if (retryAfterMs !== null && retryAfterMs > session.policy.maxRetryAfterMs) return false;
  const delay = retryDelay(attempt, session.policy, retryAfterMs);
  if (session.deadline !== undefined && Date.now() + delay >= session.deadline) return false;
  await sleep(delay);
  return true;
}
