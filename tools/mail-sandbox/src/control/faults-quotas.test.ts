import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailSandbox } from '../start-mail-sandbox';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
let graphToken = '';
let gmailToken = '';
// A frozen clock makes the token bucket exact (no refill while the test runs).
const clock = Date.now();

beforeAll(async () => {
  h = await createHarness({ now: () => clock });
  graphToken = (await h.connect('office365')).accessToken;
  gmailToken = (await h.connect('gmail')).accessToken;
});
beforeEach(async () => {
  await h.control('DELETE', '/faults');
  await h.control('POST', '/quotas', { provider: 'gmail', enabled: false });
  await h.control('POST', '/quotas', { provider: 'office365', enabled: false });
});
afterAll(() => h.close());

describe('faults', () => {
  it('answers 429 with Retry-After and the provider body, then recovers', async () => {
    const armed = await h.control('POST', '/faults', {
      provider: 'office365',
      status: 429,
      count: 1,
      retryAfterSeconds: 7,
    });
    expect(armed.statusCode).toBe(201);
    const throttled = await h.graph('GET', '/me', { token: graphToken });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('7');
    expect(throttled.json().error.code).toBe('ApplicationThrottled');
    expect((await h.graph('GET', '/me', { token: graphToken })).statusCode).toBe(200);
  });

  it('answers the next `count` matching requests with 500 and leaves others alone', async () => {
    await h.control('POST', '/faults', {
      provider: 'gmail',
      status: 500,
      count: 2,
      pathContains: '/messages',
    });
    expect((await h.gmail('GET', '/profile', { token: gmailToken })).statusCode).toBe(200);
    const first = await h.gmail('GET', '/messages', { token: gmailToken });
    expect(first.statusCode).toBe(500);
    expect(first.json().error).toMatchObject({ code: 500, errors: [{ reason: 'backendError' }] });
    expect((await h.gmail('GET', '/messages', { token: gmailToken })).statusCode).toBe(500);
    expect((await h.gmail('GET', '/messages', { token: gmailToken })).statusCode).toBe(200);
    expect((await h.control('GET', '/health')).statusCode).toBe(200);
  });

  it('a half-success (after-504) lets the send happen, then answers a gateway timeout', async () => {
    const before = (
      await h.gmail('GET', '/messages', { token: gmailToken, query: { labelIds: 'SENT' } })
    ).json();
    await h.control('POST', '/faults', {
      provider: 'gmail',
      status: 'after-504',
      count: 1,
      pathContains: '/messages/send',
    });
    const raw = Buffer.from('To: a@b.test\r\nSubject: Half\r\nX-Ledgerdesk-Send-Id: s-1\r\n\r\nHi').toString(
      'base64url',
    );
    const sent = await h.gmail('POST', '/messages/send', { token: gmailToken, body: { raw } });
    expect(sent.statusCode).toBe(504);
    expect(sent.json().error).toMatchObject({ code: 504, status: 'DEADLINE_EXCEEDED' });
    const after = (
      await h.gmail('GET', '/messages', { token: gmailToken, query: { labelIds: 'SENT' } })
    ).json();
    expect(after.resultSizeEstimate).toBe(before.resultSizeEstimate + 1);
    // A refused request keeps its own answer: nothing was done, nothing to hide.
    await h.control('POST', '/faults', { provider: 'gmail', status: 'after-504', count: 1 });
    expect((await h.gmail('POST', '/messages/send', { token: gmailToken, body: {} })).statusCode).toBe(400);
    const unknown = await h.control('POST', '/faults', { provider: 'gmail', status: 'after-nothing' });
    expect(unknown.statusCode).toBe(400);
  });

  it('faults the token endpoints too', async () => {
    await h.control('POST', '/faults', {
      provider: 'gmail',
      status: 503,
      count: 1,
      pathContains: '/token',
      retryAfterSeconds: 2,
    });
    const response = await h.call('POST', '/sandbox/google/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
  });

  it("holds 'timeout' requests without answering", async () => {
    const sandbox = await startMailSandbox({ port: 0, host: '127.0.0.1' });
    try {
      await fetch(`${sandbox.url}/control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'gmail', status: 'timeout', count: 1 }),
      });
      const started = Date.now();
      const outcome = await fetch(`${sandbox.url}/gmail/gmail/v1/users/me/profile`, {
        signal: AbortSignal.timeout(400),
      }).then(
        () => 'answered',
        () => 'no answer',
      );
      expect(outcome).toBe('no answer');
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      const next = await fetch(`${sandbox.url}/gmail/gmail/v1/users/me/profile`);
      expect(next.status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});

describe('quotas', () => {
  it('limits Gmail to 250 units per second per user with rateLimitExceeded and Retry-After', async () => {
    await h.control('POST', '/quotas', { provider: 'gmail', enabled: true });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push(
        (await h.gmail('GET', '/messages', { token: gmailToken, query: { maxResults: '1' } })).statusCode,
      );
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    const limited = await h.gmail('GET', '/messages', { token: gmailToken });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json().error).toMatchObject({
      code: 429,
      errors: [{ reason: 'rateLimitExceeded', message: 'User-rate limit exceeded.', domain: 'usageLimits' }],
    });
  });

  it("answers Gmail's per-user minute limit with 403 userRateLimitExceeded, without Retry-After", async () => {
    await h.control('POST', '/quotas', { provider: 'gmail', enabled: true, userUnitsPerMinute: 12 });
    const first = await h.gmail('GET', '/messages', { token: gmailToken, query: { maxResults: '1' } });
    const second = await h.gmail('GET', '/messages', { token: gmailToken, query: { maxResults: '1' } });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const limited = await h.gmail('GET', '/messages', { token: gmailToken });
    expect(limited.statusCode).toBe(403);
    expect(limited.headers['retry-after']).toBeUndefined();
    expect(limited.json().error).toMatchObject({
      code: 403,
      message: 'User Rate Limit Exceeded',
      errors: [{ reason: 'userRateLimitExceeded', domain: 'usageLimits' }],
    });
    // A refused call is not charged: the 2 units left still buy two getProfile calls.
    expect((await h.gmail('GET', '/profile', { token: gmailToken })).statusCode).toBe(200);
    expect((await h.gmail('GET', '/profile', { token: gmailToken })).statusCode).toBe(200);
    expect((await h.gmail('GET', '/profile', { token: gmailToken })).statusCode).toBe(403);
  });

  it("answers the project's minute limit with 403 rateLimitExceeded across mailboxes", async () => {
    await h.control('POST', '/mailboxes', { address: 'second@gmail.test', provider: 'gmail', messages: 1 });
    const other = (await h.connect('gmail', { mailbox: 'second@gmail.test' })).accessToken;
    await h.control('POST', '/quotas', { provider: 'gmail', enabled: true, projectUnitsPerMinute: 6 });
    expect((await h.gmail('GET', '/messages', { token: gmailToken })).statusCode).toBe(200);
    const limited = await h.gmail('GET', '/messages', { token: other });
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error).toMatchObject({
      code: 403,
      message: 'Rate Limit Exceeded',
      errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
    });
  });

  it('counts Gmail minute limits in windows that start again', async () => {
    let now = 120_000;
    const clocked = await createHarness({ now: () => now });
    try {
      const token = (await clocked.connect('gmail')).accessToken;
      await clocked.control('POST', '/quotas', {
        provider: 'gmail',
        enabled: true,
        userUnitsPerMinute: 5,
        minuteSeconds: 1,
      });
      expect((await clocked.gmail('GET', '/messages', { token })).statusCode).toBe(200);
      expect((await clocked.gmail('GET', '/messages', { token })).statusCode).toBe(403);
      now += 1000;
      expect((await clocked.gmail('GET', '/messages', { token })).statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('charges each Gmail batch part its own method cost', async () => {
    await h.control('POST', '/quotas', { provider: 'gmail', enabled: true });
    const parts = Array.from(
      { length: 3 },
      (_, i) =>
        `--b\r\nContent-Type: application/http\r\nContent-ID: <${i}>\r\n\r\nPOST /gmail/v1/users/me/messages/batchModify\r\nContent-Type: application/json\r\n\r\n{"ids":["x"],"addLabelIds":["STARRED"]}\r\n`,
    );
    const response = await h.call('POST', '/sandbox/gmail/batch/gmail/v1', {
      token: gmailToken,
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
      body: `${parts.join('')}--b--\r\n`,
    });
    const statuses = [...response.body.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([204, 204, 204]);
    const sixth = await h.call('POST', '/sandbox/gmail/batch/gmail/v1', {
      token: gmailToken,
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
      body: `${parts.join('')}--b--\r\n`,
    });
    expect([...sixth.body.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]))).toEqual([
      204, 204, 429,
    ]);
  });

  it('limits Graph per mailbox (window) with ApplicationThrottled and Retry-After, counting $batch steps', async () => {
    await h.control('POST', '/quotas', {
      provider: 'office365',
      enabled: true,
      requestsPerWindow: 5,
      windowSeconds: 60,
    });
    const batch = await h.graph('POST', '/$batch', {
      token: graphToken,
      body: { requests: Array.from({ length: 4 }, (_, i) => ({ id: String(i), method: 'GET', url: '/me' })) },
    });
    expect(batch.json().responses.map((r: { status: number }) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await h.graph('GET', '/me', { token: graphToken })).statusCode).toBe(200);
    const limited = await h.graph('GET', '/me', { token: graphToken });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'ApplicationThrottled',
      message: 'Application is over its MailboxConcurrency limit.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
  });
});
