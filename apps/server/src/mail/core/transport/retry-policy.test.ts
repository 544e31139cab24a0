import { describe, expect, it } from 'vitest';
import { isRetryableStatus, parseRetryAfter, type RetryPolicy, retryDelay } from './retry-policy';

const policy: RetryPolicy = {
  maxRetries: 5,
  baseDelayMs: 100,
  maxDelayMs: 1000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 1000,
};

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('retryDelay', () => {
  it('waits exactly what the server asked for', () => {
    expect(retryDelay(3, policy, 4000)).toBe(4000);
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelay(0, policy, null, () => 0)).toBe(50);
    expect(retryDelay(0, policy, null, () => 1)).toBe(100);
    expect(retryDelay(2, policy, null, () => 1)).toBe(400);
    expect(retryDelay(10, policy, null, () => 1)).toBe(1000);
    expect(retryDelay(10, policy, null, () => 0)).toBe(500);
  });

  it('retries throttling and server errors only', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 410].some(isRetryableStatus)).toBe(false);
  });
});
