import type { GoogleConfig } from '../../core/mail-config';
import { authorizedFetch } from '../../core/session/authorized-fetch';
import type { MailSession } from '../../core/session/mail-session';
import { kindForStatus, ProviderError, readJsonAnswer } from '../../core/transport/provider-error';
import { parseRetryAfter } from '../../core/transport/retry-policy';

export type GmailCall = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | string[] | undefined>;
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

/** Calls the Gmail API and answers the parsed JSON; errors throw ProviderError. */
export async function gmailCall<T>(
  session: MailSession,
  config: GoogleConfig,
  path: string,
  call: GmailCall = {},
): Promise<T> {
  const response = await authorizedFetch(session, gmailUrl(config, path, call.query), {
    method: call.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: call.body === undefined ? null : JSON.stringify(call.body),
  });
  if (!response.ok)
    throw gmailError(
      response.status,
      (await response.json().catch(() => ({}))) as GoogleErrorBody,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  if (response.status === 204) return null as T;
  return readJsonAnswer<T>(response, 'Gmail');
}
