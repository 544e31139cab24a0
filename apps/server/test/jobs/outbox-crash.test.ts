import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { syncIntegration } from '../../src/mail/mail-service';
import {
  connectMailbox,
  createMailHarness,
  type MailHarness,
  sandboxEnv,
  signUp,
} from '../mail/support/mail-harness';
import { waitFor } from './support/job-rows';
import { type ServerNode, startServerNode } from './support/server-node';

const CHANGES = 500;

type SandboxMessage = { folder: string };
type SandboxChange = { kind: string; immutableId: string };

// Decision 010: 500 queued mailbox changes survive a SIGKILL of the node pushing them; after a restart each reaches the
// mailbox exactly once. Real server processes on the CI PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the outbox across a crash', () => {
  let h: MailHarness;
  const nodes: ServerNode[] = [];
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };

  beforeAll(async () => {
    h = await createMailHarness('postgres', { env: secrets });
  }, 120_000);
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await h?.control('POST', '/quotas', { provider: 'office365', enabled: false });
    await h?.close();
  });

  it('pushes every one of 500 queued changes exactly once after the pushing node is killed', async () => {
    const address = `crash-${Date.now()}@firm.test`;
    await h.control('POST', '/mailboxes', { address, provider: 'office365', messages: 0 });
    for (let index = 0; index < CHANGES; index++) {
      await h.control('POST', '/messages', {
        mailbox: address,
        from: 'Pat Client <pat@client.test>',
        to: [address],
        subject: `Crash ${index}`,
        text: 'x',
      });
    }
    const owner = await signUp(h.app, `owner-${address}`);
    const integrationId = await connectMailbox(h.app, owner.cookie, 'office365', address);
    expect(
      (await syncIntegration({ deps: h.app.mail, userId: owner.userId }, { integrationId })).criticalErrors,
    ).toBe(0);
    const ids = rowsOf<{ id: string }>(
      await withUser(h.app.db, owner.userId, (tx) =>
        tx.execute(sql`select id from triage_items where email_integration_id = ${integrationId}`),
      ),
    ).map((row) => row.id);
    expect(ids).toHaveLength(CHANGES);

    // Queued while the provider is down: the harness's own attempt fails and leaves the changes to the nodes.
    await h.control('POST', '/faults', {
      provider: 'office365',
      status: 503,
      count: 1_000_000,
      pathContains: '$batch',
    });
    const cleared = await h.app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie: owner.cookie },
      payload: { ids, patch: { status: 'cleared' } },
    });
    expect(cleared.statusCode).toBe(200);
    await h.app.outbox.idle();

    const messages = async () =>
      (await h.control<{ messages: SandboxMessage[] }>('GET', `/mailboxes/${encodeURIComponent(address)}`))
        .messages;
    const archived = async () => (await messages()).filter((message) => message.folder === 'archive').length;
    expect(await archived()).toBe(0);

    // The provider comes back but throttles after a few calls: node A pushes part of the batch, then waits.
    await h.control('DELETE', '/faults');
    await h.control('POST', '/quotas', {
      provider: 'office365',
      enabled: true,
      requestsPerWindow: 6,
      windowSeconds: 600,
    });
    const url = h.database.url;
    if (!url) throw new Error('no database url');
    const env = {
      ...sandboxEnv(h.sandbox.url),
      ...secrets,
      MAIL_SANDBOX: 'off',
      SYNC_INTERVAL_SECONDS: '0',
      OUTBOX_LEASE_SECONDS: '4',
    };
    const nodeA = await startServerNode('outbox-a', 4021, url, env);
    nodes.push(nodeA);
    await waitFor(async () => (await archived()) > 0, 60_000);
    nodeA.process.kill('SIGKILL');
    await new Promise((resolve) => nodeA.process.once('exit', resolve));
    const beforeRestart = await archived();
    expect(beforeRestart).toBeGreaterThan(0);
    expect(beforeRestart).toBeLessThan(CHANGES);

    await h.control('POST', '/quotas', { provider: 'office365', enabled: false });
    nodes.push(await startServerNode('outbox-b', 4022, url, env));
    await waitFor(async () => (await archived()) === CHANGES, 90_000);
    await waitFor(async () => {
      const states = rowsOf<{ state: string }>(
        await withUser(h.app.db, owner.userId, (tx) =>
          tx.execute(
            sql`select distinct state from mailbox_changes where email_integration_id = ${integrationId}`,
          ),
        ),
      );
      return states.length === 1 && states[0]?.state === 'done';
    }, 30_000);

    const changes = (
      await h.control<{ changes: SandboxChange[] }>(
        'GET',
        `/mailboxes/${encodeURIComponent(address)}/changes`,
      )
    ).changes.filter((change) => change.kind === 'moved');
    const perMessage = new Map<string, number>();
    for (const change of changes)
      perMessage.set(change.immutableId, (perMessage.get(change.immutableId) ?? 0) + 1);
    expect(perMessage.size).toBe(CHANGES);
    expect([...perMessage.values()].filter((count) => count !== 1)).toEqual([]);
    const statuses = rowsOf<{ status: string; count: string }>(
      await withUser(h.app.db, owner.userId, (tx) =>
        tx.execute(sql`select status, count(*) as count from triage_items
          where email_integration_id = ${integrationId} group by status`),
      ),
    );
    expect(statuses).toEqual([{ status: 'cleared', count: String(CHANGES) }]);
  }, 240_000);
});
