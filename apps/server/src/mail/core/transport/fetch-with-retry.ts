import { ProviderError } from './provider-error';
import { isRetryableStatus, parseRetryAfter, type RetryPolicy, retryDelay } from './retry-policy';

export type RetryOptions = {
  policy: RetryPolicy;
  /** Absolute time (ms) after which no attempt starts and no wait is made: the call fails as a timeout. */
  deadline?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * false for a request that must not be repeated blindly (a send, decision 029): only a 429 — the provider's
   * documented "not processed, try later" — is retried; a timeout, a network error or a 408/5xx comes back at
   * once, since the request may have been carried out.
   */
  isIdempotent?: boolean;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch with retries: 408/429/5xx and network errors are retried after Retry-After or capped exponential
 * backoff; each attempt has a timeout. Answers the last response (possibly not ok) for the caller to read.
 * `makeInit` is called per attempt so bodies and headers (e.g. a refreshed token) can be rebuilt.
 */
export async function fetchWithRetry(
  url: string,
  makeInit: () => RequestInit | Promise<RequestInit>,
  { policy, deadline, sleep: wait = sleep, isIdempotent = true }: RetryOptions,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const remaining = deadline === undefined ? policy.timeoutMs : deadline - Date.now();
    if (remaining <= 0) throw new ProviderError('timeout', `Request timeout: ${describe(url)}`);
    const isLast = attempt >= policy.maxRetries;
    const mayRetryFailure = isIdempotent && !isLast;
    let response: Response;
    try {
      const init = await makeInit();
      response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(Math.min(policy.timeoutMs, remaining)),
      });
    } catch (error) {
      const isTimeout =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (!mayRetryFailure || !(await waitBefore(attempt, policy, null, deadline, wait))) {
        throw new ProviderError(
          isTimeout ? 'timeout' : 'network',
          isTimeout
            ? `Request timeout: ${describe(url)}`
            : `Network error: ${describe(url)}: ${String(error)}`,
        );
      }
      continue;
    }
    if (!isRetryableStatus(response.status) || isLast) return response;
    if (!isIdempotent && response.status !== 429) return response;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter !== null && retryAfter > policy.maxRetryAfterMs) return response;
    await response.body?.cancel();
    if (!(await waitBefore(attempt, policy, retryAfter, deadline, wait))) {
      throw new ProviderError('timeout', `Request timeout: ${describe(url)}`, response.status);
    }
  }
}

async function waitBefore(
  attempt: number,
  policy: RetryPolicy,
  retryAfter: number | null,
  deadline: number | undefined,
  wait: (ms: number) => Promise<void>,
): Promise<boolean> {
  const delay = retryDelay(attempt, policy, retryAfter);
  if (deadline !== undefined && Date.now() + delay >= deadline) return false;
  await wait(delay);
  return true;
}

function describe(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
