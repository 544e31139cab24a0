import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFleet } from '../../src/jobs/sync-fleet';
import { waitFor } from '../jobs/support/job-rows';
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
    // No fleet while connecting: nothing sets live updates up until the fleet's first round finds them all.
    // One worker: what is checked is that it works back to back (more workers would hide the wait, not fix it).
    h = await createPushHarness(kind, { env: { SYNC_CONCURRENCY: '1' } });
    const { cookie, userId } = await signUp(h.app, `push-throughput-${Date.now()}@ledgerdesk.test`);
    for (let index = 0; index < MAILBOXES; index++) {
      const address = `push-throughput${index}-${Date.now()}@firm.test`;
      await h.control('POST', '/mailboxes', { address, provider: 'office365', messages: 1 });
      const integrationId = await connectMailbox(h.app, cookie, 'office365', address, {
        origin: h.publicUrl,
      });
      boxes.push({ userId, integrationId });
    }
  }, 120_000);
  afterAll(async () => h?.close());

  it("sets up a round's mailboxes back to back, not one per polling interval", async () => {
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
