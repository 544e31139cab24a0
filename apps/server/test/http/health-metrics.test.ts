import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxPush, mailboxVerifications } from '../../src/db/schema/mailbox-push';
import { withUser } from '../../src/db/with-user';
import { seedIntegration } from '../integrations/seed-integration';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

describe.each(testDatabaseKinds)('/api/health and /api/metrics on %s', (kind) => {
  let t: TestApp;
  let integrationIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const amy = await signUp(t.app, 'amy.metrics@firm.test');
    const live = await seedIntegration(t.app, amy.userId, { emailAddress: 'live@metrics.test' });
    const polled = await seedIntegration(t.app, amy.userId, { emailAddress: 'polled@metrics.test' });
    integrationIds = [live.id, polled.id];
    await withUser(t.app.db, amy.userId, async (tx) => {
      await tx.insert(mailboxPush).values([
        {
          emailIntegrationId: live.id,
          userId: amy.userId,
          channel: 'graph-subscription',
          state: 'live',
          notificationCount: 7,
          rejectedCount: 2,
          lastNotificationAt: new Date('2026-11-27T10:40:00Z'),
        },
        {
          emailIntegrationId: polled.id,
          userId: amy.userId,
          channel: 'graph-subscription',
          state: 'failing',
          lastError: 'The mail provider refused live updates for this mailbox.',
        },
      ]);
      await tx.insert(mailboxVerifications).values({
        emailIntegrationId: live.id,
        userId: amy.userId,
        verifiedAt: new Date('2026-11-27T10:42:00Z'),
        messageCount: 1204,
        missingCount: 3,
        extraCount: 1,
      });
    });
  });
  afterAll(async () => t?.close());

  it('gives the fleet’s live updates and reconciliation on /api/health to a loopback caller, with no names or ids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, database: expect.any(String), sync: { enabled: false } });
    expect(body.push).toEqual({
      mailboxes: 2,
      pushLive: 1,
      pushPending: 0,
      pushFailing: 1,
      pushUnavailable: 0,
      notifications: 7,
      lastNotificationAt: '2026-11-27T10:40:00.000Z',
      verifiedMailboxes: 1,
      lastVerifiedAt: '2026-11-27T10:42:00.000Z',
      missingFound: 3,
      extraFound: 1,
    });
    for (const secret of [...integrationIds, 'metrics.test', 'refused live updates'])
      expect(response.body).not.toContain(secret);
  });

  it('answers Prometheus text to a loopback caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const lines = response.body.split('\n');
    for (const sample of [
      'ledgerdesk_mailboxes 2',
      'ledgerdesk_push_mailboxes{state="live"} 1',
      'ledgerdesk_push_mailboxes{state="failing"} 1',
      'ledgerdesk_push_mailboxes{state="pending"} 0',
      'ledgerdesk_push_notifications_total 7',
      'ledgerdesk_webhook_ignored_notifications_total{reason="client_state"} 0',
      'ledgerdesk_verified_mailboxes 1',
      'ledgerdesk_verify_missing_found 3',
      'ledgerdesk_verify_extra_found 1',
      'ledgerdesk_sync_queue_depth 0',
      `ledgerdesk_verify_last_timestamp_seconds ${Date.parse('2026-11-27T10:42:00Z') / 1000}`,
    ])
      expect(lines).toContain(sample);
    expect(lines).toContain('# TYPE ledgerdesk_push_notifications_total counter');
    for (const secret of integrationIds) expect(response.body).not.toContain(secret);
  });

  it('gives a remote or proxied caller without the token only liveness on /api/health (decision 030)', async () => {
    for (const request of [
      { remoteAddress: '203.0.113.9' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-of-the-same-len' } },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', ...request });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, database: expect.any(String) });
    }
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.json().push.notifications).toBe(7);
  });

  it('refuses a remote or proxied caller without the token, and answers one with it', async () => {
    const remote = { method: 'GET' as const, url: '/api/metrics', remoteAddress: '203.0.113.9' };
    expect((await t.app.inject(remote)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ ...remote, headers: { authorization: 'Bearer wrong-token-of-the-same-len' } }))
        .statusCode,
    ).toBe(403);
    const allowed = await t.app.inject({ ...remote, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('ledgerdesk_mailboxes 2');
  });
});
