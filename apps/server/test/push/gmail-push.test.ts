import {
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  sandboxServiceAccountKey,
} from '@ledgerdesk/mail-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailboxPush } from '../../src/db/schema/mailbox-push';
import { withUser } from '../../src/db/with-user';
import { createSyncFleet, type SyncFleet } from '../../src/jobs/sync-fleet';
import { listPushDue, runPushJob, runSyncJob } from '../../src/mail/fleet';
import { GMAIL_PUSH_UNAVAILABLE } from '../../src/mail/providers/gmail/gmail-watch';
import { jobRows, waitFor } from '../jobs/support/job-rows';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import {
  callFunction,
  connectMailbox,
  createMailHarness,
  type MailHarness,
  signUp,
} from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';

/** Push must explain every arrival: the poll is an hour away. */
const pushEnv = (sandboxUrl: string) => ({
  SYNC_INTERVAL_SECONDS: '3600',
  GOOGLE_PUBSUB_TOPIC: SANDBOX_PUBSUB_TOPIC,
  GOOGLE_PUBSUB_SUBSCRIPTION: SANDBOX_PUBSUB_SUBSCRIPTION,
  GOOGLE_PUBSUB_CREDENTIALS: JSON.stringify(sandboxServiceAccountKey(sandboxUrl)),
  GOOGLE_PUBSUB_URL: `${sandboxUrl}/pubsub`,
});

type Watch = { mailbox: string; topicName: string; labelIds: string[]; expiration: number };

describe.each(testDatabaseKinds)('Gmail push (%s)', (kind) => {
  let h: MailHarness;
  let fleet: SyncFleet;
  beforeAll(async () => {
    h = await createMailHarness(kind, { env: pushEnv });
    fleet = createSyncFleet(h.app.mail);
    await fleet.start();
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    await h?.close();
  });
  beforeEach(async () => {
    await h.control('DELETE', '/gmail-push/faults');
  });

  const pushRow = async (box: Connected) =>
    (
      await withUser(h.app.db, box.userId, (tx) =>
        tx.select().from(mailboxPush).where(eq(mailboxPush.emailIntegrationId, box.integrationId)),
      )
    )[0];
  const watchOf = async (box: Connected) =>
    (await h.control<{ watches: Watch[] }>('GET', '/gmail-push')).watches.find(
      (w) => w.mailbox === box.address,
    );
  const deliver = (box: Connected, subject: string) =>
    h.control<{ id: string }>('POST', '/messages', {
      mailbox: box.address,
      from: 'Pat Client <pat@client.test>',
      to: [box.address],
      subject,
      text: 'Pushed.',
    });
  const itemsWith = async (box: Connected, subject: string) =>
    (await storedItems(h.app, box.userId, box.integrationId)).filter((item) => item.subject === subject);

  /** A synced Gmail mailbox whose watch is set up (the fleet's push job, run here). */
  async function watchedMailbox(): Promise<Connected> {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 3 });
    await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
    await sync(h, box);
    expect(await runPushJob(h.app.mail, box)).toBe('refreshed');
    return box;
  }

  it('watches the labels triage covers and renews the watch daily', async () => {
    const box = await watchedMailbox();
    const watch = await watchOf(box);
    expect(watch).toMatchObject({ topicName: SANDBOX_PUBSUB_TOPIC, labelIds: ['INBOX', 'SENT', 'UNREAD'] });
    const row = await pushRow(box);
    expect(row).toMatchObject({
      channel: 'gmail-watch',
      state: 'live',
      subscriptionId: null,
      failureCount: 0,
    });
    expect(row?.expiresAt?.getTime()).toBe(watch?.expiration);
    const due = (at: Date) => listPushDue(h.app.db, at).then((rows) => rows.map((r) => r.integrationId));
    expect(await due(new Date())).not.toContain(box.integrationId);
    // A day later the watch is due, and the job renews it (Gmail answers a new expiration).
    expect(await due(new Date(Date.now() + 21 * 3600_000))).toContain(box.integrationId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await runPushJob(h.app.mail, box)).toBe('refreshed');
    const renewed = await pushRow(box);
    expect(renewed?.renewedAt?.getTime()).toBeGreaterThan(row?.renewedAt?.getTime() ?? 0);
    expect(renewed?.expiresAt?.getTime()).toBeGreaterThan(row?.expiresAt?.getTime() ?? 0);
  });

  it('brings a delivered message into triage within seconds through the Pub/Sub pull, with the poll an hour away', async () => {
    const box = await watchedMailbox();
    const startedAt = Date.now();
    await deliver(box, 'Pushed to triage');
    await waitFor(async () => (await itemsWith(box, 'Pushed to triage')).length > 0, 15_000);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect((await pushRow(box))?.notificationCount).toBeGreaterThan(0);
    await waitFor(
      async () =>
        (await h.control<{ subscriptions: Array<{ pending: number }> }>('GET', '/gmail-push'))
          .subscriptions[0]?.pending === 0,
      15_000,
    );
  });

  it('files each message once through duplicated and reordered notifications', async () => {
    const box = await watchedMailbox();
    await h.control('POST', '/gmail-push/faults', { duplicateShare: 1, reorder: true });
    const subjects = ['Twice told 1', 'Twice told 2', 'Twice told 3'];
    for (const subject of subjects) {
      await deliver(box, subject);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
    for (const subject of subjects) {
      await waitFor(async () => (await itemsWith(box, subject)).length > 0, 15_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const subject of subjects) expect(await itemsWith(box, subject)).toHaveLength(1);
  });

  it('reads history again when it is still empty right after a notification (the Gmail race)', async () => {
    const box = await watchedMailbox();
    await h.control('POST', '/gmail-push/faults', { hideFromHistory: { mailbox: box.address, mode: 'lag' } });
    await deliver(box, 'Late in history');
    await waitFor(async () => (await itemsWith(box, 'Late in history')).length > 0, 15_000);
  });

  it('acknowledges and ignores a malformed notification, and the next one still syncs', async () => {
    const box = await watchedMailbox();
    await h.control('POST', '/gmail-push/messages', { data: Buffer.from('not json').toString('base64') });
    await h.control('POST', '/gmail-push/messages', { data: '%%%' });
    const unknown = Buffer.from(JSON.stringify({ emailAddress: 'nobody@firm.test', historyId: 5 })).toString(
      'base64',
    );
    await h.control('POST', '/gmail-push/messages', { data: unknown });
    await deliver(box, 'After the noise');
    await waitFor(async () => (await itemsWith(box, 'After the noise')).length > 0, 15_000);
    await waitFor(
      async () =>
        (await h.control<{ subscriptions: Array<{ pending: number }> }>('GET', '/gmail-push'))
          .subscriptions[0]?.pending === 0,
      15_000,
    );
  });

  it('records a refused watch as failing with its reason and a backoff, and syncing goes on', async () => {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 3 });
    await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
    await sync(h, box);
    await h.control('POST', '/gmail-push/faults', { refuseWatch: 5 });
    const before = Date.now();
    expect(await runPushJob(h.app.mail, box)).toBe('failed');
    const row = await pushRow(box);
    expect(row).toMatchObject({
      state: 'failing',
      failureCount: 1,
      lastError: 'The mail provider refused live updates for this mailbox.',
    });
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(before + 30_000);
    expect(await listPushDue(h.app.db, new Date())).not.toContainEqual(
      expect.objectContaining({ integrationId: box.integrationId }),
    );
    await deliver(box, 'Polled anyway');
    expect(await runSyncJob(h.app.mail, box)).toBe('synced');
    expect(await itemsWith(box, 'Polled anyway')).toHaveLength(1);
  });

  it("keeps the address's watch while another connection of it still needs it, and stops it with the last", async () => {
    const first = await watchedMailbox();
    const colleague = await signUp(h.app, `colleague-${Date.now()}@ledgerdesk.test`);
    const second: Connected = {
      ...colleague,
      address: first.address,
      integrationId: await connectMailbox(h.app, colleague.cookie, 'gmail', first.address),
    };
    await callFunction(h.app, second.cookie, 'initialize-sync-config', {
      integrationId: second.integrationId,
    });
    await sync(h, second);
    expect(await runPushJob(h.app.mail, second)).toBe('refreshed');
    const disconnect = (box: Connected) =>
      h.app.inject({
        method: 'POST',
        url: `/api/integrations/${box.integrationId}/disconnect`,
        headers: { cookie: box.cookie },
      });
    expect((await disconnect(first)).statusCode).toBe(200);
    expect(await pushRow(first)).toBeUndefined();
    expect(await watchOf(second)).toBeDefined();
    await deliver(second, 'Still live for the colleague');
    await waitFor(async () => (await itemsWith(second, 'Still live for the colleague')).length > 0, 15_000);
    expect((await disconnect(second)).statusCode).toBe(200);
    expect(await watchOf(second)).toBeUndefined();
  });

  it('pulls each notification on one node only when two nodes run the fleet', async () => {
    const second = createSyncFleet(h.app.mail);
    await second.start();
    try {
      const box = await watchedMailbox();
      await deliver(box, 'Two nodes, one sync');
      await waitFor(async () => (await itemsWith(box, 'Two nodes, one sync')).length > 0, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const syncs = await jobRows<{ count: string }>(
        h,
        `select count(*) as count from pgboss.job where name = 'mail-sync' and singleton_key = $1 and data->>'reason' = 'push'`,
        [box.integrationId],
      );
      expect(Number(syncs[0]?.count)).toBe(1);
      expect(await itemsWith(box, 'Two nodes, one sync')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe('Gmail push without Pub/Sub settings', () => {
  it('says why live updates are off, and the fleet never asks for a pull', async () => {
    const h = await createMailHarness('pglite', { env: { SYNC_INTERVAL_SECONDS: '3600' } });
    const fleet = createSyncFleet(h.app.mail);
    await fleet.start();
    try {
      const box = await connectFreshMailbox(h, 'gmail', { messages: 1 });
      expect(await runPushJob(h.app.mail, box)).toBe('skipped');
      const [row] = await withUser(h.app.db, box.userId, (tx) =>
        tx.select().from(mailboxPush).where(eq(mailboxPush.emailIntegrationId, box.integrationId)),
      );
      expect(row).toMatchObject({ state: 'unavailable', lastError: GMAIL_PUSH_UNAVAILABLE });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const pulls = await jobRows<{ count: string }>(
        h,
        `select count(*) as count from pgboss.job where name = 'mail-push-pull'`,
      );
      expect(Number(pulls[0]?.count)).toBe(0);
    } finally {
      await fleet.stop();
      await h.close();
    }
  }, 120_000);
});
