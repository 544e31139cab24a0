import { fetchWithRetry } from '../transport/fetch-with-retry';
import type { MailSession } from './mail-session';

export type AuthorizedInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | null;
  /** false for a send: see fetchWithRetry (decision 029). */
  isIdempotent?: boolean;
};

/**
 * A provider call with the session's bearer token, retried on throttling and server errors; a 401 gets one
 * token refresh and one more try (the provider may have revoked the token before its expiry).
 */
export async function authorizedFetch(
  session: MailSession,
  url: string,
  init: AuthorizedInit = {},
): Promise<Response> {
  const attempt = (token: string) =>
    fetchWithRetry(
      url,
      () => ({
        method: init.method ?? 'GET',
        headers: { ...init.headers, authorization: `Bearer ${token}` },
        body: init.body ?? null,
      }),
      {
        policy: session.policy,
        ...(session.deadline === undefined ? {} : { deadline: session.deadline }),
        ...(init.isIdempotent === false ? { isIdempotent: false } : {}),
      },
    );
  const response = await attempt(await session.accessToken());
  if (response.status !== 401) return response;
  await response.body?.cancel();
  return attempt(await session.refreshAccessToken());
}
