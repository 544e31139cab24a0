// Decision 030: a forged Graph webhook post costs one lookup and nothing else, however many notifications it holds;
// forged clientStates write nothing and log nothing each; the rate limit counts notifications; /api/health tells
// a stranger nothing an attacker could use, /api/metrics (loopback or token) has the counters. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/config/logger';
import { mailboxPush } from '../../src/db/schema/mailbox-push';
import { withUser } from '../../src/db/with-user';
import { hashClientState } from '../../src/mail/providers/microsoft/graph-subscriptions';
import { seedIntegration } from '../integrations/seed-integration';
import { captureLine, rememberSecret } from '../support/log-capture';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const HOOK = '/api/webhooks/graph';
const LIFECYCLE = '/api/webhooks/graph/lifecycle';
const SUBSCRIPTION = 'c0ffee00-0000-4000-8000-000000000001';
const CLIENT_STATE = 'the-genuine-client-state-of-the-test-mailbox';
// The suite's log grep (support/capture-logs.ts) looks for it too.
rememberSecret(CLIENT_STATE);

const notifications = (count: number, make: (index: number) => object) =>
  JSON.stringify({ value: Array.from({ length: count }, (_, index) => make(index)) });

describe.each(testDatabaseKinds)('Graph webhook intake under forged traffic (%s)', (kind) => {
  let t: TestApp;
  let log = '';
  let integrationId = '';
  let userId = '';
  let source = 0;
  /** Each test posts from its own address, so the rate limit of one does not leak into the next. */
  const post = (url: string, payload: string, ip = `198.51.100.${++source}`) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
      remoteAddress: ip,
    });
  const counts = async () => {
    const [row] = await withUser(t.app.db, userId, (tx) =>
      tx.select().from(mailboxPush).where(eq(mailboxPush.emailIntegrationId, integrationId)),
    );
    return { accepted: row?.notificationCount, rejected: row?.rejectedCount };
  };
  /** Counts the app's database calls (every query of the webhook path goes through `db.execute`). */
  const countQueries = async (work: () => Promise<unknown>) => {
    const spy = vi.spyOn(t.app.db, 'execute');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  beforeAll(async () => {
    const loggerInstance = createLogger('info', {
      write: (line: string) => {
        log += line;
        captureLine(line);
      },
    });
    t = await createTestApp(kind, {}, { loggerInstance });
    const amy = await signUp(t.app, 'amy.intake@firm.test');
    userId = amy.userId;
    integrationId = (await seedIntegration(t.app, userId, { emailAddress: 'intake@firm.test' })).id;
    await withUser(t.app.db, userId, (tx) =>
      tx.insert(mailboxPush).values({
        emailIntegrationId: integrationId,
        userId,
        channel: 'graph-subscription',
        state: 'live',
        subscriptionId: SUBSCRIPTION,
        clientStateHash: hashClientState(CLIENT_STATE),
      }),
    );
  });
  afterAll(async () => t?.close());

  it('looks up a post of 1,000 notifications for 1,000 unknown subscriptions with one query, answered 202', async () => {
    let status = 0;
    const queries = await countQueries(async () => {
      const response = await post(
        HOOK,
        notifications(1000, (index) => ({
          subscriptionId: `forged-${index}`,
          clientState: 'x',
          changeType: 'created',
        })),
      );
      status = response.statusCode;
    });
    expect(status).toBe(202);
    expect(queries).toBe(1);
  });

  it('costs a 1,000-notification post of forged clientStates one query, no write and no log line each', async () => {
    const before = await counts();
    const logBefore = log.length;
    let status = 0;
    const queries = await countQueries(async () => {
      const response = await post(
        HOOK,
        notifications(1000, (index) => ({ subscriptionId: SUBSCRIPTION, clientState: `forged-${index}` })),
      );
      status = response.statusCode;
    });
    expect(status).toBe(202);
    expect(queries).toBe(1);
    expect(await counts()).toEqual(before);
    expect(log.slice(logBefore)).not.toContain('clientState');
    // The node's summary (once a minute; here at close) names the count in one line.
    t.app.webhookIntake.stop();
    const summary = log
      .slice(logBefore)
      .split('\n')
      .filter((line) => line.includes('Graph webhooks ignored'));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toContain('1000 with a wrong clientState');
  });

  it('still accepts the genuine notification in a batch with forged ones, and records it once', async () => {
    const before = await counts();
    const response = await post(
      HOOK,
      notifications(50, (index) => ({
        subscriptionId: index === 25 ? SUBSCRIPTION : `other-${index}`,
        clientState: index === 25 ? CLIENT_STATE : 'forged',
      })),
    );
    expect(response.statusCode).toBe(202);
    await vi.waitFor(async () => expect((await counts()).accepted).toBe((before.accepted ?? 0) + 1));
    expect((await counts()).rejected).toBe(before.rejected);
  });

  it('looks up at most 200 distinct subscriptions of a post and answers 202 for the rest', async () => {
    const ignored = () => t.app.webhookIntake.figures().ignored.overCap;
    const before = ignored();
    const queries = await countQueries(async () => {
      const response = await post(
        HOOK,
        notifications(300, (index) => ({ subscriptionId: `many-${index}`, clientState: 'x' })),
      );
      expect(response.statusCode).toBe(202);
    });
    expect(queries).toBe(1);
    expect(ignored() - before).toBe(100);
  });

  it('counts notifications, not posts, against a source: 1,000-notification posts soon exhaust it (429)', async () => {
    const ip = '203.0.113.77';
    const big = notifications(1000, (index) => ({ subscriptionId: `rate-${index}`, clientState: 'x' }));
    const started = Date.now();
    const statuses = [];
    for (let round = 0; round < 6; round++) statuses.push((await post(HOOK, big, ip)).statusCode);
    // 1,000 a second with a burst of 2,000: six posts within three seconds must find the bucket in debt (counting
    // posts, 200 a second with a burst of 400, all six would pass).
    expect(Date.now() - started).toBeLessThan(3000);
    expect(statuses.slice(0, 2)).toEqual([202, 202]);
    expect(statuses).toContain(429);
    // Another source is not held up.
    expect((await post(HOOK, big)).statusCode).toBe(202);
  });

  it('accepts a lifecycle event Graph may add later (202, not 400) and unknown top-level members', async () => {
    const newEvent = await post(
      LIFECYCLE,
      JSON.stringify({
        value: [{ subscriptionId: SUBSCRIPTION, clientState: CLIENT_STATE, lifecycleEvent: 'somethingNew' }],
      }),
    );
    expect(newEvent.statusCode).toBe(202);
    expect(log).toContain('unknown Graph lifecycle event');
    expect(log).toContain('somethingNew');
    const extraMember = await post(HOOK, JSON.stringify({ value: [], '@odata.nextLink': 'later' }));
    expect(extraMember.statusCode).toBe(202);
  });

  it('tells a stranger on /api/health only that the server is up; the counters are on /api/metrics', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(200);
    expect(remote.json()).toEqual({ ok: true, database: expect.any(String) });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.json()).toEqual({ ok: true, database: expect.any(String) });
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.statusCode).toBe(200);
    const lines = metrics.body.split('\n');
    const forged = lines.find((line) =>
      line.startsWith('ledgerdesk_webhook_ignored_notifications_total{reason="client_state"}'),
    );
    expect(forged).toBe('ledgerdesk_webhook_ignored_notifications_total{reason="client_state"} 1000');
    const refused = lines.find((line) => line.startsWith('ledgerdesk_webhook_rate_limited_posts_total '));
    expect(Number(refused?.split(' ')[1])).toBeGreaterThanOrEqual(1);
    expect(metrics.body).not.toContain('ledgerdesk_push_rejected_notifications_total');
  });
});
