export type RetryPolicy = {
  /** Retries after the first attempt (429, 5xx, network errors, timeouts). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the call fails as throttled instead. */
  maxRetryAfterMs: number;
  /** Per-attempt timeout. */
  timeoutMs: number;
};

/** Background work (sync, scheduler): patient, waits out long throttling. */
export const SYNC_POLICY: RetryPolicy = {
  maxRetries: 6,
  baseDelayMs: 250,
  maxDelayMs: 8000,
  maxRetryAfterMs: 120_000,
  timeoutMs: 30_000,
};

/** Calls a person is waiting for (archive, send, content): fewer, shorter waits. */
export const INTERACTIVE_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 200,
  maxDelayMs: 4000,
  maxRetryAfterMs: 15_000,
  timeoutMs: 20_000,
};

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

/** Whether an HTTP status is worth retrying unchanged. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE.has(status);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The wait before retry `attempt` (0-based): the server's Retry-After when given, else exponential backoff
 * with full jitter capped at maxDelayMs (so many clients do not retry in step).
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) return retryAfterMs;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
