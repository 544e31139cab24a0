import crypto from 'node:crypto';
import type { Provider } from '@ledgerdesk/domain/entities';
import {
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  sandboxServiceAccountKey,
} from '@ledgerdesk/mail-sandbox';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRows, waitFor } from '../jobs/support/job-rows';
import { type ServerNode, startServerNode } from '../jobs/support/server-node';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { freePort, pushRow, sandboxSubscriptions } from './support/push-harness';

/** The burst: this many waves, each telling every node this many copies at once. */
const WAVES = 3;
const COPIES = 5;

type SyncJob = {
  id: string;
  state: string;
  reason: string | null;
  started_on: Date | null;
  completed_on: Date | null;
};

/** A Gmail notification as Gmail publishes it on the topic. */
const gmailNotification = (address: string, historyId: number) =>
  Buffer.from(JSON.stringify({ emailAddress: address, historyId })).toString('base64');

// Decision 021: a mailbox whose notifications reach both nodes syncs once for the burst, never twice at once. Two real
// server processes share one PostgreSQL (PGlite is one process's database: two nodes cannot share it).
describe.skipIf(!process.env.TEST_DATABASE_URL)('push notifications on two nodes of one PostgreSQL', () => {
  let h: MailHarness;
  const nodes: ServerNode[] = [];
  const boxes = new Map<Provider, Connected>();

  beforeAll(async () => {
    const secrets = {
      AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    };
    const pubsub = (sandboxUrl: string) => ({
      GOOGLE_PUBSUB_TOPIC: SANDBOX_PUBSUB_TOPIC,
      GOOGLE_PUBSUB_SUBSCRIPTION: SANDBOX_PUBSUB_SUBSCRIPTION,
      GOOGLE_PUBSUB_CREDENTIALS: JSON.stringify(sandboxServiceAccountKey(sandboxUrl)),
      GOOGLE_PUBSUB_URL: `${sandboxUrl}/pubsub`,
    });
    // The harness app (no fleet) connects and first-syncs the mailboxes; the nodes set push up and sync.
    h = await createMailHarness('postgres', { env: (url) => ({ ...secrets, ...pubsub(url) }) });
    for (const provider of ['office365', 'gmail'] as const) {
      const box = await connectFreshMailbox(h, provider, { messages: 3 });
      await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
      expect((await sync(h, box)).criticalErrors).toBe(0);
      boxes.set(provider, box);
    }
    const url = h.database.url;
    if (!url) throw new Error('no database url');
    const env = {
      ...sandboxEnv(h.sandbox.url),
      ...secrets,
      ...pubsub(h.sandbox.url),
      MAIL_SANDBOX: 'off',
      // The poll is an hour away: every sync in a test is one that push queued.
      SYNC_INTERVAL_SECONDS: '3600',
      SYNC_CONCURRENCY: '2',
    };
    nodes.push(await startServerNode('push-a', await freePort(), url, env));
    nodes.push(await startServerNode('push-b', await freePort(), url, env));
    // The nodes' first round sets push up for every mailbox; tests start once nothing is left to run.
    for (const box of boxes.values()) {
      await waitFor(async () => (await pushRow(h, box))?.state === 'live', 60_000);
      await waitFor(async () => (await pendingJobs(box)) === 0, 90_000);
    }
  }, 240_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await h?.close();
  });

  /** Jobs of any mail queue still to run or running for the mailbox. */
  async function pendingJobs(box: Connected) {
    const rows = await jobRows<{ count: string }>(
      h,
      `select count(*) as count from pgboss.job where singleton_key = $1 and state < 'completed'`,
      [box.integrationId],
    );
    return Number(rows[0]?.count);
  }

  const syncJobs = (box: Connected) =>
    jobRows<SyncJob>(
      h,
      `select id, state, data->>'reason' as reason, started_on, completed_on from pgboss.job
       where name = 'mail-sync' and singleton_key = $1 order by created_on, id`,
      [box.integrationId],
    );

  const deliver = (box: Connected, subject: string) =>
    h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'Pat Client <pat@client.test>',
      to: [box.address],
      subject,
      text: 'Told to both nodes.',
    });

  /**
   * Holds the mailbox's sync lock as another sync on another node would (the session advisory lock the sync
   * takes on PostgreSQL): a push-queued sync then stays running, waiting for it, until `release`.
   */
  async function holdSyncLock(box: Connected) {
    const client = new pg.Client({ connectionString: h.database.url ?? '' });
    await client.connect();
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [
      `ledgerdesk-sync:${box.integrationId}`,
    ]);
    return { release: () => client.end() };
  }

  /** The notification of each provider, told to the fleet the way that provider tells it. */
  async function notifier(provider: Provider, box: Connected) {
    if (provider === 'office365') {
      const [subscription] = await sandboxSubscriptions(h, box.address);
      if (!subscription) throw new Error('no Graph subscription');
      const body = JSON.stringify({
        value: [
          {
            subscriptionId: subscription.id,
            clientState: subscription.clientState,
            changeType: 'created',
            resource: `Users/${box.address}/Messages/hint`,
          },
        ],
      });
      // Graph posts to whichever node its load balancer picks: here each node gets every copy.
      return async (node: ServerNode) => {
        const response = await fetch(`${node.url}/api/webhooks/graph`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBe(202);
      };
    }
    // Gmail publishes to Pub/Sub; every node's fleet asks for the pull slot of each second and the winner reads.
    return async (_node: ServerNode) => {
      await h.control('POST', '/gmail-push/messages', { data: gmailNotification(box.address, 1) });
    };
  }

  const pubsubPending = async () =>
    (
      await h.control<{ subscriptions: Array<{ pending: number }> }>('GET', '/gmail-push')
    ).subscriptions.reduce((sum, subscription) => sum + subscription.pending, 0);

  it.each(['office365', 'gmail'] as const)(
    '%s: a burst told to both nodes while the mailbox syncs queues exactly one more sync, and files the message once',
    async (provider) => {
      const box = boxes.get(provider);
      if (!box) throw new Error('no mailbox');
      const notify = await notifier(provider, box);
      const earlier = new Set((await syncJobs(box)).map((job) => job.id));
      const newJobs = async () => (await syncJobs(box)).filter((job) => !earlier.has(job.id));
      const subject = `Both nodes told ${provider} ${Date.now()}`;

      const lock = await holdSyncLock(box);
      let isLocked = true;
      try {
        // A first notification starts a sync; it runs (waiting for the lock) while the burst arrives.
        await notify(nodes[0] as ServerNode);
        await waitFor(async () => (await newJobs())[0]?.state === 'active', 20_000);
        const running = (await newJobs())[0] as SyncJob;
        const before = Number((await pushRow(h, box))?.notificationCount);

        await deliver(box, subject);
        for (let wave = 0; wave < WAVES; wave++) {
          // Both nodes at once; Gmail's waves span several pull slots (a second each, on either node).
          await Promise.all(nodes.flatMap((node) => Array.from({ length: COPIES }, () => notify(node))));
          if (provider === 'gmail') await new Promise((resolve) => setTimeout(resolve, 1_100));
        }
        // Every notification handled: Graph's each answered (and the sandbox's own posted), Gmail's all acknowledged.
        if (provider === 'gmail') await waitFor(async () => (await pubsubPending()) === 0, 20_000);
        // Graph counts each post (ours and the sandbox's own); Gmail each pull that named the mailbox.
        const told = provider === 'office365' ? WAVES * nodes.length * COPIES + 1 : 2;
        await waitFor(
          async () => Number((await pushRow(h, box))?.notificationCount) >= before + told,
          20_000,
        );

        const queued = (await newJobs()).filter((job) => job.id !== running.id);
        expect(queued.map((job) => ({ state: job.state, reason: job.reason }))).toEqual([
          { state: 'created', reason: 'push' },
        ]);
        expect((await syncJobs(box)).find((job) => job.id === running.id)?.state).toBe('active');

        await lock.release();
        isLocked = false;
        await waitFor(async () => (await pendingJobs(box)) === 0, 60_000);
      } finally {
        if (isLocked) await lock.release();
      }

      // Two syncs in all (the running one, then the burst's), one after the other, and the message filed once.
      const runs = await newJobs();
      expect(runs.map((job) => job.state)).toEqual(['completed', 'completed']);
      const [first, second] = runs as [SyncJob, SyncJob];
      expect(new Date(second.started_on ?? 0).getTime()).toBeGreaterThanOrEqual(
        new Date(first.completed_on ?? 0).getTime(),
      );
      const items = await storedItems(h.app, box.userId, box.integrationId);
      expect(items.filter((item) => item.subject === subject)).toHaveLength(1);
      const ids = items.map((item) => item.emailMessageId);
      expect(new Set(ids).size).toBe(ids.length);
    },
    120_000,
  );
});
