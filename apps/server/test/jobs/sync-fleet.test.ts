import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSources } from '../../src/db/schema/notification-sources';
import { withUser } from '../../src/db/with-user';
import { createSyncFleet, ON_DEMAND_SYNC_PRIORITY } from '../../src/jobs/sync-fleet';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';
import { jobRows, waitFor } from './support/job-rows';

const INTERVAL_SECONDS = 2;

describe.each(testDatabaseKinds)('sync fleet (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind, {
      env: { SYNC_INTERVAL_SECONDS: String(INTERVAL_SECONDS), SYNC_CONCURRENCY: '4' },
    });
  }, 120_000);
  afterAll(async () => h?.close());

  it('brings new mail of 12 mailboxes (both providers) into triage within three rounds, none of a disabled source', async () => {
    const boxes: Connected[] = [];
    for (let index = 0; index < 12; index++) {
      const box = await connectFreshMailbox(h, index % 2 === 0 ? 'office365' : 'gmail', { messages: 3 });
      const init = await callFunction(h.app, box.cookie, 'initialize-sync-config', {
        integrationId: box.integrationId,
      });
      expect(init.statusCode, init.body).toBe(200);
      boxes.push(box);
    }
    const [disabled] = boxes;
    if (!disabled) throw new Error('no mailbox');
    await withUser(h.app.db, disabled.userId, (tx) =>
      tx.insert(notificationSources).values({
        userId: disabled.userId,
        sourceName: disabled.address,
        syncEnabled: false,
        configuration: { provider: 'office365', integration_id: disabled.integrationId },
      }),
    );
    for (const box of boxes) {
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'Pat Client <pat@client.test>',
        to: [box.address],
        subject: `Fleet mail for ${box.address}`,
        text: 'New this round.',
      });
    }
    // A mailbox synced in the current round is due from the next one: start when the setup's syncs are past.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_SECONDS * 1000));
    const fleet = createSyncFleet(h.app.mail);
    const startedAt = new Date();
    await fleet.start();
    try {
      const arrived = async (box: Connected) =>
        (await storedItems(h.app, box.userId, box.integrationId)).some(
          (item) => item.subject === `Fleet mail for ${box.address}`,
        );
      const enabled = boxes.slice(1);
      await waitFor(async () => (await Promise.all(enabled.map(arrived))).every(Boolean), 60_000);
      const arrivedAt = new Date();
      // Counted in scheduling rounds, not seconds (a loaded machine stretches the work, not the plan): the
      // first round queued every enabled mailbox, and each one's first scheduled sync brought its new mail.
      const jobs = await jobRows<{ key: string; slot: string; created_on: Date }>(
        h,
        `select singleton_key as key, data->>'slot' as slot, created_on from pgboss.job where name = 'mail-sync' order by created_on`,
      );
      const firstSlot = jobs[0]?.slot;
      const firstJobs = new Map<string, string>();
      for (const job of jobs) if (!firstJobs.has(job.key)) firstJobs.set(job.key, job.slot);
      expect([...firstJobs.keys()].sort()).toEqual(enabled.map((box) => box.integrationId).sort());
      expect([...firstJobs.values()].every((slot) => slot === firstSlot)).toBe(true);
      const rounds = await jobRows<{ count: string }>(
        h,
        `select count(*) as count from pgboss.job where name = 'mail-sync-round' and created_on <= $1`,
        [arrivedAt],
      );
      console.info(
        `12-mailbox fleet (${kind}): all new mail in ${(arrivedAt.getTime() - startedAt.getTime()) / 1000} s, ${rounds[0]?.count} rounds`,
      );
      const status = await fleet.status();
      expect(status).toMatchObject({ enabled: true });
      // One more round leaves the disabled source's mailbox alone.
      const [before] = await jobRows<{ count: string }>(
        h,
        `select count(*) as count from pgboss.job where name = 'mail-sync-round'`,
      );
      await waitFor(async () => {
        const [now] = await jobRows<{ count: string }>(
          h,
          `select count(*) as count from pgboss.job where name = 'mail-sync-round' and state = 'completed'`,
        );
        return Number(now?.count) > Number(before?.count) + 1;
      });
      expect(await arrived(disabled)).toBe(false);
      const syncedDisabled = await jobRows<{ count: string }>(
        h,
        `select count(*) as count from pgboss.job where name = 'mail-sync' and singleton_key = $1`,
        [disabled.integrationId],
      );
      expect(Number(syncedDisabled[0]?.count)).toBe(0);
    } finally {
      await fleet.stop();
    }
  }, 240_000);

  it("puts a notified mailbox's sync before the round's, raising a waiting job of it", async () => {
    const [waiting, fresh] = [
      await connectFreshMailbox(h, 'office365', { messages: 1 }),
      await connectFreshMailbox(h, 'gmail', { messages: 1 }),
    ];
    if (!waiting || !fresh) throw new Error('no mailbox');
    const fleet = createSyncFleet(h.app.mail);
    await fleet.start();
    try {
      // A round's job for one mailbox, still waiting (due in an hour, so no worker takes it meanwhile).
      await jobRows(
        h,
        `insert into pgboss.job (name, data, priority, singleton_key, start_after, policy)
           values ('mail-sync', $1::jsonb, 5, $2, now() + interval '1 hour', 'stately')`,
        [
          JSON.stringify({ integrationId: waiting.integrationId, userId: waiting.userId }),
          waiting.integrationId,
        ],
      );
      await fleet.queueSync(waiting, 'push');
      await fleet.queueSync(fresh, 'push');
      const priorities = await jobRows<{ key: string; priority: number }>(
        h,
        `select singleton_key as key, priority from pgboss.job where name = 'mail-sync' and singleton_key in ($1, $2)`,
        [waiting.integrationId, fresh.integrationId],
      );
      expect(priorities.map((row) => Number(row.priority))).toEqual([
        ON_DEMAND_SYNC_PRIORITY,
        ON_DEMAND_SYNC_PRIORITY,
      ]);
      expect(priorities.map((row) => row.key).sort()).toEqual(
        [waiting.integrationId, fresh.integrationId].sort(),
      );
    } finally {
      await fleet.stop();
    }
  });

  it('runs the next mailbox while a busy mailbox has a job waiting ahead of it (pg-boss 10 stalled the queue)', async () => {
    const [busy, next] = [
      await connectFreshMailbox(h, 'office365', { messages: 1 }),
      await connectFreshMailbox(h, 'gmail', { messages: 1 }),
    ];
    if (!busy || !next) throw new Error('no mailbox');
    const init = await callFunction(h.app, next.cookie, 'initialize-sync-config', {
      integrationId: next.integrationId,
    });
    expect(init.statusCode, init.body).toBe(200);
    const job = (box: Connected) =>
      JSON.stringify({ integrationId: box.integrationId, userId: box.userId, slot: 'test' });
    const fleet = createSyncFleet(h.app.mail);
    await fleet.start();
    // The busy mailbox: a sync running (another node's, never ending here) and a notified one waiting behind
    // it at the head of the queue — the state every notification during a sync leaves.
    await jobRows(
      h,
      `insert into pgboss.job (name, data, priority, singleton_key, state, started_on, policy)
         values ('mail-sync', $1::jsonb, 0, $2, 'active', now(), 'stately')`,
      [job(busy), busy.integrationId],
    );
    await jobRows(
      h,
      `insert into pgboss.job (name, data, priority, singleton_key, policy)
         values ('mail-sync', $1::jsonb, $3, $2, 'stately')`,
      [job(busy), busy.integrationId, ON_DEMAND_SYNC_PRIORITY + 1],
    );
    try {
      await h.control('POST', '/messages', {
        mailbox: next.address,
        from: 'Pat Client <pat@client.test>',
        to: [next.address],
        subject: 'Behind a busy mailbox',
        text: 'Its notification came while another mailbox was syncing.',
      });
      await fleet.queueSync(next, 'push');
      // pg-boss's own fetch took the busy mailbox's waiting job, could not start it, and answered nothing:
      // this mailbox waited until the running sync ended (here: its expiry, minutes away).
      await waitFor(
        async () =>
          (await storedItems(h.app, next.userId, next.integrationId)).some(
            (item) => item.subject === 'Behind a busy mailbox',
          ),
        30_000,
      );
      const busyJobs = await jobRows<{ state: string }>(
        h,
        `select state::text as state from pgboss.job where name = 'mail-sync' and singleton_key = $1 order by state`,
        [busy.integrationId],
      );
      expect(busyJobs.map((row) => row.state).sort()).toEqual(['active', 'created']);
    } finally {
      await fleet.stop();
      await jobRows(h, `delete from pgboss.job where name = 'mail-sync' and singleton_key = $1`, [
        busy.integrationId,
      ]);
    }
  }, 60_000);

  it('reports the fleet on /api/health', async () => {
    const fleet = createSyncFleet(h.app.mail);
    await fleet.start();
    h.app.syncFleet = fleet;
    try {
      const health = await h.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const body = health.json() as { sync: Record<string, unknown> };
      expect(body.sync).toMatchObject({ enabled: true });
      expect(typeof body.sync.queueDepth).toBe('number');
      expect(typeof body.sync.dueMailboxes).toBe('number');
    } finally {
      h.app.syncFleet = null;
      await fleet.stop();
    }
  });
});
