import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithRetry } from './fetch-with-retry';
import type { RetryPolicy } from './retry-policy';

type Script = Array<{ status: number; headers?: Record<string, string>; delayMs?: number }>;

const policy: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 10,
  maxDelayMs: 50,
  maxRetryAfterMs: 5000,
  timeoutMs: 500,
};

describe('fetchWithRetry', () => {
  let server: http.Server;
  let base = '';
  let script: Script = [];
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      const step = script[Math.min(hits, script.length - 1)] ?? { status: 200 };
      hits++;
      setTimeout(() => {
        response.writeHead(step.status, step.headers ?? {});
        response.end(JSON.stringify({ hit: hits }));
      }, step.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = async (steps: Script, options: { deadline?: number; isIdempotent?: boolean } = {}) => {
    script = steps;
    hits = 0;
    const waits: number[] = [];
    const response = await fetchWithRetry(base, () => ({ method: 'GET' }), {
      policy,
      ...options,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    return { response, waits, hits };
  };

  it('a send (not idempotent) is not posted again after a 504, a 500 or a timeout; after a 429 it is', async () => {
    for (const status of [504, 500, 503, 408]) {
      const { response, hits: count } = await run([{ status }, { status: 200 }], { isIdempotent: false });
      expect(response.status, String(status)).toBe(status);
      expect(count, String(status)).toBe(1);
    }
    const throttled = await run([{ status: 429 }, { status: 202 }], { isIdempotent: false });
    expect(throttled.response.status).toBe(202);
    expect(throttled.hits).toBe(2);
    await expect(run([{ status: 200, delayMs: 800 }], { isIdempotent: false })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(hits).toBe(1);
  });

  it('completes after three 500s', async () => {
    const { response, hits: count } = await run([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 200 },
    ]);
    expect(response.status).toBe(200);
    expect(count).toBe(4);
  });

  it('waits out a 429 for its Retry-After', async () => {
    const { response, waits } = await run([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 200 },
    ]);
    expect(response.status).toBe(200);
    expect(waits).toEqual([2000]);
  });

  it('answers a 429 whose Retry-After is too long for this caller instead of waiting', async () => {
    const { response, waits } = await run([
      { status: 429, headers: { 'retry-after': '600' } },
      { status: 200 },
    ]);
    expect(response.status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('gives up after the retry budget and answers the last response', async () => {
    const { response, hits: count } = await run([{ status: 503 }]);
    expect(response.status).toBe(503);
    expect(count).toBe(policy.maxRetries + 1);
  });

  it('does not retry a client error', async () => {
    const { response, hits: count } = await run([{ status: 404 }, { status: 200 }]);
    expect(response.status).toBe(404);
    expect(count).toBe(1);
  });

  it('times out a hanging attempt, retries, and reports a timeout once the deadline passes', async () => {
    const { response } = await run([{ status: 200, delayMs: 800 }, { status: 200 }]);
    expect(response.status).toBe(200);
    await expect(run([{ status: 200, delayMs: 800 }], { deadline: Date.now() + 300 })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});
