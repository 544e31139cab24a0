import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFleet } from '../../src/jobs/sync-fleet';
import { type Connected, connectFreshMailbox, patchIntegration } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';
import { jobRows, waitFor } from './support/job-rows';

// At the default 60 s interval the workers poll every 2 s; pg-boss 10 waits that long after every fetch.
const INTERVAL_SECONDS = 60;
const POLLING_MS = 2_000;
const MAILBOXES = 10;

describe.each(testDatabaseKinds)('sync fleet throughput (%s)', (kind) => {
  let h: MailHarness;
  const boxes: Connected[] = [];
  beforeAll(async () => {
    h = await createMailHarness(kind, {
      env: { SYNC_INTERVAL_SECONDS: String(INTERVAL_SECONDS), SYNC_CONCURRENCY: '1' },
    });
    for (let index = 0; index < MAILBOXES; index++) {
      const box = await connectFreshMailbox(h, index % 2 === 0 ? 'office365' : 'gmail', { messages: 2 });
      await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
      // Last synced two rounds ago: due in the fleet's first round.
      await patchIntegration(h.app, box, { lastSyncAt: new Date(Date.now() - 2 * INTERVAL_SECONDS * 1000) });
      boxes.push(box);
    }
  }, 120_000);
  afterAll(async () => h?.close());

  it('works through a round back to back, not one sync per polling interval per worker', async () => {
    const fleet = createSyncFleet(h.app.mail);
    const started = Date.now();
    await fleet.start();
    try {
      const completed = async () =>
        Number(
          (
            await jobRows<{ count: string }>(
              h,
              `select count(*) as count from pgboss.job where name = 'mail-sync' and state = 'completed'`,
            )
          )[0]?.count,
        );
      await waitFor(async () => (await completed()) >= MAILBOXES, 60_000);
      const elapsed = Date.now() - started;
      // One worker waiting a polling interval after each of its syncs would need (n - 1) × 2 s = 18 s.
      expect(elapsed).toBeLessThan(((MAILBOXES - 1) * POLLING_MS) / 2);
    } finally {
      await fleet.stop();
    }
  }, 90_000);
});
