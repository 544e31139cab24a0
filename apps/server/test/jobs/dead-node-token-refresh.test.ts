import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../src/jobs/fleet-types';
import { createSyncFleet } from '../../src/jobs/sync-fleet';
import { connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';
import { jobRows, waitFor } from './support/job-rows';

const INTERVAL_SECONDS = 2;
/** A holder lock nobody holds: the node that took the job is gone. */
const DEAD_NODE_LOCK = 1;

type JobState = { state: string; started_on: Date | string };

// Decision 034 applied to token refreshes: a refresh left active by a node that died is taken over within one
// interval by a node that lives, not left until its expiry (15 minutes) for the next five-minute slot.
describe.each(testDatabaseKinds)('a dead node’s token refresh (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind, { env: { SYNC_INTERVAL_SECONDS: String(INTERVAL_SECONDS) } });
  }, 120_000);
  afterAll(async () => h?.close());

  it('is given back and run again within one interval', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 1 });
    const fleet = createSyncFleet(h.app.mail);
    await fleet.start();
    try {
      // A refresh as a node that was then killed left it: active, stamped with that node's (now free) lock.
      const [orphan] = await jobRows<{ id: string; started_on: Date | string }>(
        h,
        `insert into pgboss.job (name, data, state, started_on, output, singleton_key, expire_in, retry_limit)
         values ($1, $2::jsonb, 'active', now() - interval '10 seconds', $3::jsonb, $4, interval '15 minutes', 0)
         returning id, started_on`,
        [
          QUEUES.tokenRefresh,
          JSON.stringify({ integrationId: box.integrationId, userId: box.userId }),
          JSON.stringify({ holderLock: DEAD_NODE_LOCK }),
          box.integrationId,
        ],
      );
      if (!orphan) throw new Error('no job');
      const startedAt = Date.now();
      const stateOf = async () =>
        (
          await jobRows<JobState>(h, `select state, started_on from pgboss.job where id = $1`, [orphan.id])
        )[0];
      await waitFor(async () => {
        const job = await stateOf();
        return job !== undefined && job.state !== 'active' && job.state !== 'retry';
      }, 15_000);
      const tookMs = Date.now() - startedAt;
      const job = await stateOf();
      // Run again by this node: started anew, and ended by that run (not expired).
      expect(new Date(job?.started_on ?? 0).getTime()).toBeGreaterThan(new Date(orphan.started_on).getTime());
      expect(['completed', 'failed']).toContain(job?.state);
      expect(tookMs).toBeLessThan(INTERVAL_SECONDS * 1000 + 1500);
    } finally {
      await fleet.stop();
    }
  }, 60_000);
});
