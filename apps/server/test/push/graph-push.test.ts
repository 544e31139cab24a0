import { createHash } from 'node:crypto';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPushDue, runPushJob } from '../../src/mail/fleet';
import { syncIntegration } from '../../src/mail/mail-service';
import { jobRows, waitFor } from '../jobs/support/job-rows';
import { connectMailbox, signUp } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';
import { createPushHarness, type PushHarness, pushRow, sandboxSubscriptions } from './support/push-harness';

type Box = { address: string; userId: string; cookie: string; integrationId: string };
let counter = 0;

/** A fresh user connected (through the real consent flow) to a fresh Office 365 sandbox mailbox, synced once. */
async function connectOffice365(h: PushHarness): Promise<Box> {
  counter++;
  const address = `push${counter}-${Date.now()}@firm.test`;
  await h.control('POST', '/mailboxes', { address, provider: 'office365', messages: 3 });
  const { cookie, userId } = await signUp(h.app, `push-user${counter}-${Date.now()}@ledgerdesk.test`);
  const integrationId = await connectMailbox(h.app, cookie, 'office365', address, { origin: h.publicUrl });
  await syncIntegration({ deps: h.app.mail, userId }, { integrationId });
  return { address, userId, cookie, integrationId };
}

const deliver = (h: PushHarness, box: Box, subject: string) =>
  h.control<{ id: string }>('POST', '/messages', {
    mailbox: box.address,
    from: 'Pat Client <pat@client.test>',
    to: [box.address],
    subject,
    text: 'Sent while triage was open.',
  });

async function pushDto(h: PushHarness, box: Box): Promise<EmailIntegrationDto['push']> {
  const response = await h.app.inject({
    method: 'GET',
    url: '/api/integrations',
    headers: { cookie: box.cookie },
  });
  const found = (response.json() as { integrations: EmailIntegrationDto[] }).integrations.find(
    (item) => item.id === box.integrationId,
  );
  if (!found) throw new Error('integration missing');
  return found.push;
}

const pushSyncJobs = async (h: PushHarness, box: Box) =>
  jobRows<{ id: string }>(
    h,
    `select id from pgboss.job where name = 'mail-sync' and singleton_key = $1 and data->>'reason' = 'push'`,
    [box.integrationId],
  );

const subjectsOf = async (h: PushHarness, box: Box, subject: string) =>
  (await storedItems(h.app, box.userId, box.integrationId)).filter((item) => item.subject === subject);

describe.each(testDatabaseKinds)('Office 365 push (%s)', (kind) => {
  let h: PushHarness;
  let box: Box;
  beforeAll(async () => {
    h = await createPushHarness(kind, { withFleet: true });
    box = await connectOffice365(h);
    await waitFor(async () => (await pushRow(h, box))?.state === 'live', 60_000);
  }, 180_000);
  afterAll(async () => h?.close());

  it('subscribes on connect through the validation handshake, keeping only the clientState hash', async () => {
    const [subscription, ...others] = await sandboxSubscriptions(h, box.address);
    expect(others).toEqual([]);
    expect(subscription?.notificationUrl).toBe(`${h.publicUrl}/api/webhooks/graph`);
    expect(subscription?.lifecycleNotificationUrl).toBe(`${h.publicUrl}/api/webhooks/graph/lifecycle`);
    const row = await pushRow(h, box);
    expect(row?.subscriptionId).toBe(subscription?.id);
    expect(row?.clientStateHash).toBe(
      createHash('sha256')
        .update(subscription?.clientState ?? '')
        .digest('hex'),
    );
    expect(JSON.stringify(row)).not.toContain(subscription?.clientState);
    expect((await pushDto(h, box)).state).toBe('live');
  });

  it('answers the handshake with the token as plain text, and refuses a token that is not plain text', async () => {
    const token = 'Validation: Testing client application reachability Request-Id: 42';
    const response = await fetch(
      `${h.publicUrl}/api/webhooks/graph?validationToken=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: '',
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(token);
    const long = await fetch(
      `${h.publicUrl}/api/webhooks/graph/lifecycle?validationToken=${'x'.repeat(2000)}`,
      {
        method: 'POST',
      },
    );
    expect(long.status).toBe(400);
  });

  it('brings a new message into triage by notification, long before the next minute-round', async () => {
    const subject = `Pushed ${Date.now()}`;
    const started = Date.now();
    await deliver(h, box, subject);
    await waitFor(async () => (await subjectsOf(h, box, subject)).length === 1, 20_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    const dto = await pushDto(h, box);
    expect(dto.lastNotificationAt).not.toBeNull();
  });

  it('ignores duplicated and reordered notifications: one item, no duplicates', async () => {
    await h.control('POST', '/graph/push-faults', { duplicateShare: 1, reorder: true });
    try {
      const subject = `Twice ${Date.now()}`;
      await deliver(h, box, subject);
      await deliver(h, box, `${subject} again`);
      await waitFor(async () => (await subjectsOf(h, box, `${subject} again`)).length === 1, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await subjectsOf(h, box, subject)).toHaveLength(1);
      expect(await subjectsOf(h, box, `${subject} again`)).toHaveLength(1);
    } finally {
      await h.control('DELETE', '/graph/push-faults');
    }
  });

  it('answers a forged clientState 202, queues nothing, writes nothing and counts it in memory', async () => {
    const before = await pushRow(h, box);
    const jobsBefore = (await pushSyncJobs(h, box)).length;
    const forged = () => h.app.webhookIntake.figures().ignored.clientState;
    const forgedBefore = forged();
    await h.control('POST', '/graph/push-faults', { forgeClientState: 1 });
    await deliver(h, box, `Forged ${Date.now()}`);
    await waitFor(async () => forged() > forgedBefore, 10_000);
    const after = await pushRow(h, box);
    expect(after?.notificationCount).toBe(before?.notificationCount);
    expect(after?.rejectedCount).toBe(before?.rejectedCount);
    expect((await pushSyncJobs(h, box)).length).toBe(jobsBefore);
    const direct = await fetch(`${h.publicUrl}/api/webhooks/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: [{ subscriptionId: after?.subscriptionId, clientState: 'not-ours' }] }),
    });
    expect(direct.status).toBe(202);
    expect(forged()).toBe(forgedBefore + 2);
    expect((await pushRow(h, box))?.rejectedCount).toBe(before?.rejectedCount);
  });

  it('renews the subscription before it expires (clock moved 21 hours), keeping its id', async () => {
    const before = await pushRow(h, box);
    const due = await listPushDue(h.app.db, new Date(Date.now() + 21 * 3600_000));
    expect(due.map((item) => item.integrationId)).toContain(box.integrationId);
    expect((await listPushDue(h.app.db, new Date())).map((item) => item.integrationId)).not.toContain(
      box.integrationId,
    );
    await runPushJob(h.app.mail, box);
    const after = await pushRow(h, box);
    expect(after?.subscriptionId).toBe(before?.subscriptionId);
    expect(after?.renewedAt?.getTime()).toBeGreaterThan(before?.renewedAt?.getTime() ?? 0);
    const [subscription] = await sandboxSubscriptions(h, box.address);
    expect(Date.parse(subscription?.expirationDateTime ?? '')).toBe(after?.expiresAt?.getTime());
  });

  it('reauthorizationRequired renews; missed syncs at once; subscriptionRemoved subscribes again', async () => {
    const first = await pushRow(h, box);
    await h.control('POST', '/graph/lifecycle', { mailbox: box.address, event: 'reauthorizationRequired' });
    await waitFor(
      async () => ((await pushRow(h, box))?.renewedAt?.getTime() ?? 0) > (first?.renewedAt?.getTime() ?? 0),
    );
    expect((await pushRow(h, box))?.subscriptionId).toBe(first?.subscriptionId);

    const jobsBefore = (await pushSyncJobs(h, box)).length;
    await h.control('POST', '/graph/lifecycle', { mailbox: box.address, event: 'missed' });
    await waitFor(async () => (await pushSyncJobs(h, box)).length > jobsBefore);

    await h.control('POST', '/graph/lifecycle', { mailbox: box.address, event: 'subscriptionRemoved' });
    await waitFor(async () => {
      const row = await pushRow(h, box);
      return row?.state === 'live' && row.subscriptionId !== first?.subscriptionId;
    });
    const subscriptions = await sandboxSubscriptions(h, box.address);
    expect(subscriptions.map((item) => item.id)).toEqual([(await pushRow(h, box))?.subscriptionId]);
  });

  it('falls back to polling when Graph refuses the subscription, backs off, says so, and recovers', async () => {
    const other = await connectOffice365(h);
    await waitFor(async () => (await pushRow(h, other))?.state === 'live', 60_000);
    await h.control('POST', '/graph/push-faults', { refuseSubscriptions: -1 });
    try {
      await h.control('POST', '/graph/lifecycle', { mailbox: other.address, event: 'subscriptionRemoved' });
      await waitFor(async () => (await pushRow(h, other))?.state === 'failing');
      const once = await pushRow(h, other);
      expect(once?.failureCount).toBe(1);
      expect((await pushDto(h, other)).state).toBe('pending');
      await runPushJob(h.app.mail, other);
      await runPushJob(h.app.mail, other);
      const thrice = await pushRow(h, other);
      expect(thrice?.failureCount).toBe(3);
      // Backoff: 1, 2, then 4 minutes.
      const wait = (thrice?.nextAttemptAt?.getTime() ?? 0) - (thrice?.updatedAt?.getTime() ?? 0);
      expect(wait).toBeGreaterThan(3.5 * 60_000);
      expect(await pushDto(h, other)).toMatchObject({
        state: 'attention',
        reason: 'The mail provider refused live updates for this mailbox.',
      });
      // The poll goes on: a sync still brings new mail.
      const subject = `Polled ${Date.now()}`;
      await deliver(h, other, subject);
      await syncIntegration(
        { deps: h.app.mail, userId: other.userId },
        { integrationId: other.integrationId },
      );
      expect(await subjectsOf(h, other, subject)).toHaveLength(1);
    } finally {
      await h.control('DELETE', '/graph/push-faults');
    }
    await runPushJob(h.app.mail, other);
    expect((await pushDto(h, other)).state).toBe('live');
  });

  it('removes the subscription on disconnect', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/integrations/${box.integrationId}/disconnect`,
      headers: { cookie: box.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await sandboxSubscriptions(h, box.address)).toEqual([]);
    expect(await pushRow(h, box)).toBeNull();
  });
});
