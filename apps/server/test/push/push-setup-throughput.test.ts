import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFleet } from '../../src/jobs/sync-fleet';
import { jobRows, waitFor } from '../jobs/support/job-rows';
import { connectMailbox, signUp } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';
import { createPushHarness, type PushHarness, pushRow } from './support/push-harness';

// The push queue's workers poll every 10 s; pg-boss 10 waits that long after every fetch, even one that
// found a job, so without fetching again at once a round's set-ups ran one per 10 s.
const PUSH_POLLING_MS = 10_000;
const MAILBOXES = 6;

type Box = { userId: string; integrationId: string };

describe.each(testDatabaseKinds)('live updates set-up throughput (%s)', (kind) => {
  let h: PushHarness;
  const boxes: Box[] = [];
  beforeAll(async () => {
    // One worker: what is checked is that it works back to back (more workers would hide the wait, not fix it).
    h = await createPushHarness(kind, { env: { SYNC_CONCURRENCY: '1' } });
    // The job engine's queues exist (a fleet started and stopped before any mailbox), nothing runs now.
    const first = createSyncFleet(h.app.mail);
    await first.start();
    await first.stop();
    const { cookie, userId } = await signUp(h.app, `push-throughput-${Date.now()}@ledgerdesk.test`);
    for (let index = 0; index < MAILBOXES; index++) {
      const address = `push-throughput${index}-${Date.now()}@firm.test`;
      await h.control('POST', '/mailboxes', { address, provider: 'office365', messages: 1 });
      const integrationId = await connectMailbox(h.app, cookie, 'office365', address, {
        origin: h.publicUrl,
      });
      boxes.push({ userId, integrationId });
    }
    // A backlog no node was told about (queued by a node since gone, or before this one started): the fleet's
    // round finds each mailbox's job already queued, so only the worker's own fetching works through it.
    for (const box of boxes) {
      await jobRows(
        h,
        `insert into pgboss.job (name, data, singleton_key, policy, expire_in)
           values ('mail-push', $1::jsonb, $2, 'stately', interval '15 minutes')`,
        [JSON.stringify({ integrationId: box.integrationId, userId: box.userId }), box.integrationId],
      );
    }
  }, 180_000);
  afterAll(async () => h?.close());

  it('works through a backlog of set-ups back to back, not one per polling interval', async () => {
    expect(
      await Promise.all(boxes.map((box) => pushRow(h, box).then((row) => row?.state ?? null))),
    ).not.toContain('live');
    const fleet = createSyncFleet(h.app.mail);
    h.app.syncFleet = fleet;
    const started = Date.now();
    await fleet.start();
    try {
      const allLive = async () =>
        (await Promise.all(boxes.map((box) => pushRow(h, box)))).every((row) => row?.state === 'live');
      await waitFor(allLive, 90_000);
      // One set-up per polling interval would need (n - 1) × 10 s = 50 s.
      expect(Date.now() - started).toBeLessThan(((MAILBOXES - 1) * PUSH_POLLING_MS) / 2);
    } finally {
      await fleet.stop();
      h.app.syncFleet = null;
    }
  }, 120_000);
});
