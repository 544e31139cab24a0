import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIntegration } from '../../src/mail/mail-service';
import { createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { addSharedMailbox, type SharedMailboxBox } from '../push/support/shared-mailbox-fixture';
import { jobRows, waitFor } from './support/job-rows';
import { type ServerNode, startServerNode } from './support/server-node';

const POLL_SECONDS = 2;

// Decision 028: a shared mailbox without live updates is polled every SHARED_MAILBOX_POLL_SECONDS by a slot of its
// own. Two real server processes share one PostgreSQL: each slot's poll runs on one node and syncs the mailbox once.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the shared-mailbox poll on two nodes of one PostgreSQL',
  () => {
    let h: MailHarness;
    const nodes: ServerNode[] = [];
    let box: SharedMailboxBox;

    beforeAll(async () => {
      const secrets = {
        AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      };
      h = await createMailHarness('postgres', { env: secrets });
      box = await addSharedMailbox(h.app, h.control, undefined, `poll-two-nodes-${Date.now()}.test`);
      await syncIntegration({ deps: h.app.mail, userId: box.userId }, { integrationId: box.integrationId });
      const url = h.database.url;
      if (!url) throw new Error('no database url');
      const env = {
        ...sandboxEnv(h.sandbox.url),
        ...secrets,
        MAIL_SANDBOX: 'off',
        // No live updates: the shared mailbox is the shared-mailbox poll's.
        MAIL_PUSH: 'off',
        SYNC_INTERVAL_SECONDS: '60',
        SHARED_MAILBOX_POLL_SECONDS: String(POLL_SECONDS),
        SYNC_CONCURRENCY: '2',
      };
      nodes.push(await startServerNode('node-a', 4031, url, env));
      nodes.push(await startServerNode('node-b', 4032, url, env));
    }, 180_000);

    afterAll(async () => {
      for (const node of nodes) await node.stop();
      await h?.close();
    });

    it('syncs a shared mailbox exactly once per poll slot across both nodes, and the minute round leaves it alone', async () => {
      const syncs = () =>
        jobRows<{ slot: string; count: string }>(
          h,
          `select data->>'slot' as slot, count(*) as count from pgboss.job
          where name = 'mail-sync' and singleton_key = $1 group by 1 order by 1`,
          [box.integrationId],
        );
      await waitFor(async () => (await syncs()).length >= 4, 60_000);
      const perSlot = await syncs();
      expect(perSlot.every((row) => row.slot.startsWith('shared:'))).toBe(true);
      expect(perSlot.filter((row) => Number(row.count) !== 1)).toEqual([]);
      const polls = await jobRows<{ slot: string; count: string }>(
        h,
        `select data->>'slot' as slot, count(*) as count from pgboss.job where name = 'mail-shared-poll' group by 1`,
      );
      // One poll job per slot, whichever node asked first.
      expect(polls.filter((row) => Number(row.count) !== 1)).toEqual([]);
      // Consecutive polls are a slot apart, not a minute.
      const times = perSlot.map((row) => Date.parse(row.slot.slice('shared:'.length))).sort((a, b) => a - b);
      for (let index = 1; index < times.length; index++)
        expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeLessThanOrEqual(3 * POLL_SECONDS * 1000);
    }, 90_000);
  },
);
