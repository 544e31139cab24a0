import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningMailSandbox, startMailSandbox } from '@ledgerdesk/mail-sandbox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { syncIntegration } from '../../src/mail/mail-service';
import {
  type ControlClient,
  connectMailbox,
  controlClient,
  sandboxEnv,
  signUp,
} from '../mail/support/mail-harness';
import { testEnv } from '../support/test-app';
import { createTestDatabase, testDatabaseKinds } from '../support/test-database';
import { closeNodeFixture } from './support/close-node-fixture';
import { waitFor } from './support/job-rows';
import { type ServerNode, startServerNode } from './support/server-node';

const CHANGES = 30;
/** The lease is long; a node that waited for it would miss PROMPT_MS by far. */
const LEASE_SECONDS = '120';
const PROMPT_MS = 20_000;
/** The 'timeout' fault: the sandbox holds these many Graph $batch calls open (65 s each). */
const HELD = 1000;

type SandboxMessage = { folder: string };
type SandboxChange = { kind: string; immutableId: string };
type Fault = { remaining: number };

// Decision 012 item 12: a mailbox's outbox lease dies with its holder. A node is SIGKILLed while it pushes a mailbox's
// queued changes (its Graph $batch held open by the sandbox); a node started again on the same data resumes them
// at once instead of after the 120 s lease, and each change reaches the mailbox once. On PostgreSQL a second live
// node also takes over a killed node's mailbox at once.
describe.each(testDatabaseKinds)('the outbox after a kill (%s)', (kind) => {
  let sandbox: RunningMailSandbox;
  let control: ControlClient;
  let database: (Database & { drop?: () => Promise<void>; url?: string }) | null = null;
  let app: FastifyInstance | null = null;
  let ports = kind === 'postgres' ? 39150 : 39140;
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerdesk-outbox-restart-${kind}-`));
  const nodes: ServerNode[] = [];
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };

  beforeAll(async () => {
    sandbox = await startMailSandbox({ port: 0, host: '127.0.0.1', seed: false, contract: {} });
    control = controlClient(sandbox.url);
    database =
      kind === 'postgres'
        ? await createTestDatabase('postgres')
        : await openDatabase({ dataDir: path.join(dataRoot, 'pglite') });
    const env = testEnv({
      DATA_DIR: dataRoot,
      ...sandboxEnv(sandbox.url),
      ...secrets,
    });
    app = await buildApp({ env, database, publicUrl: 'http://localhost:3000' });
    await app.ready();
  }, 120_000);
  afterAll(() => closeNodeFixture({ nodes, control, app, database, sandbox, dataRoot }));

  /** Nodes share the database (PostgreSQL) or, one at a time, the embedded one in `dataRoot` (PGlite). */
  const startNode = async (name: string) => {
    ports += 1;
    const node = await startServerNode(
      name,
      ports,
      database?.url ?? null,
      {
        ...sandboxEnv(sandbox.url),
        ...secrets,
        MAIL_SANDBOX: 'off',
        OUTBOX_LEASE_SECONDS: LEASE_SECONDS,
      },
      kind === 'pglite' ? { dataDir: dataRoot } : {},
    );
    nodes.push(node);
    return node;
  };
  const kill = async (node: ServerNode) => {
    const exited = new Promise((resolve) => node.process.once('exit', resolve));
    node.process.kill('SIGKILL');
    await exited;
  };

  /** A mailbox of CHANGES messages whose items are cleared in Ledgerdesk while the provider is down. */
  async function queuedClears(name: string) {
    if (!app) throw new Error('no app');
    const address = `${name}-${kind}@firm.test`;
    await control('POST', '/mailboxes', { address, provider: 'office365', messages: 0 });
    for (let index = 0; index < CHANGES; index++) {
      await control('POST', '/messages', {
        mailbox: address,
        from: 'Pat Client <pat@client.test>',
        to: [address],
        subject: `Restart ${index}`,
        text: 'x',
      });
    }
    const owner = await signUp(app, `owner-${address}`);
    const integrationId = await connectMailbox(app, owner.cookie, 'office365', address);
    const report = await syncIntegration({ deps: app.mail, userId: owner.userId }, { integrationId });
    expect(report.criticalErrors).toBe(0);
    const ids = rowsOf<{ id: string }>(
      await withUser(app.db, owner.userId, (tx) =>
        tx.execute(sql`select id from triage_items where email_integration_id = ${integrationId}`),
      ),
    ).map((row) => row.id);
    expect(ids).toHaveLength(CHANGES);
    // The app's own push after the commit fails; the changes wait in the outbox for the nodes.
    await control('POST', '/faults', {
      provider: 'office365',
      status: 503,
      count: 1_000_000,
      pathContains: '$batch',
    });
    const cleared = await app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie: owner.cookie },
      payload: { ids, patch: { status: 'cleared' } },
    });
    expect(cleared.statusCode).toBe(200);
    await app.outbox.idle();
    await control('DELETE', '/faults');
    const path = `/mailboxes/${encodeURIComponent(address)}`;
    const archived = async () =>
      (await control<{ messages: SandboxMessage[] }>('GET', path)).messages.filter(
        (message) => message.folder === 'archive',
      ).length;
    const movesPerMessage = async () => {
      const changes = (await control<{ changes: SandboxChange[] }>('GET', `${path}/changes`)).changes;
      const counts = new Map<string, number>();
      for (const change of changes.filter((entry) => entry.kind === 'moved'))
        counts.set(change.immutableId, (counts.get(change.immutableId) ?? 0) + 1);
      return counts;
    };
    expect(await archived()).toBe(0);
    return { integrationId, archived, movesPerMessage };
  }

  /** Holds every Graph $batch open: the node that takes the mailbox keeps its lease while its push hangs. */
  const holdPushes = () =>
    control('POST', '/faults', {
      provider: 'office365',
      status: 'timeout',
      count: HELD,
      pathContains: '$batch',
    });
  const pushHeld = async () => {
    const faults = (await control<{ faults: Fault[] }>('GET', '/faults')).faults;
    return faults.some((fault) => fault.remaining < HELD);
  };
  const expectEachMovedOnce = async (moves: Map<string, number>) => {
    expect(moves.size).toBe(CHANGES);
    expect([...moves.values()].filter((count) => count !== 1)).toEqual([]);
  };

  it('a node started again after a kill pushes the killed run’s mailbox at once, each change once', async () => {
    const box = await queuedClears('restart');
    if (kind === 'pglite') {
      // One process owns an embedded database: the app hands it over to the nodes.
      await app?.close();
      app = null;
      await database?.close();
      database = null;
    }
    await holdPushes();
    const first = await startNode('outbox-first');
    await waitFor(pushHeld, 60_000);
    await kill(first);

    await control('DELETE', '/faults');
    await startNode('outbox-again');
    const startedAt = Date.now();
    await waitFor(async () => (await box.archived()) === CHANGES, PROMPT_MS);
    expect(Date.now() - startedAt).toBeLessThan(PROMPT_MS);
    await expectEachMovedOnce(await box.movesPerMessage());
  }, 180_000);

  if (kind === 'postgres') {
    it('a second live node takes over the mailbox of a killed node at once', async () => {
      for (const node of nodes.splice(0)) await node.stop();
      const box = await queuedClears('takeover');
      await holdPushes();
      const [one, two] = await Promise.all([startNode('outbox-one'), startNode('outbox-two')]);
      await waitFor(pushHeld, 60_000);
      const url = database?.url;
      if (!url) throw new Error('no database url');
      const owner = new pg.Client({ connectionString: url });
      await owner.connect();
      const holders = await owner
        .query<{ holder: string }>(
          'select holder from mailbox_change_leases where email_integration_id = $1',
          [box.integrationId],
        )
        .finally(() => owner.end());
      const holderPid = Number(holders.rows[0]?.holder.split(':')[1]);
      const holder = [one, two].find((node) => node?.process.pid === holderPid);
      if (!holder) throw new Error(`no node holds the lease: ${JSON.stringify(holders.rows)}`);
      await kill(holder);

      await control('DELETE', '/faults');
      const killedAt = Date.now();
      await waitFor(async () => (await box.archived()) === CHANGES, PROMPT_MS);
      expect(Date.now() - killedAt).toBeLessThan(PROMPT_MS);
      await expectEachMovedOnce(await box.movesPerMessage());
    }, 180_000);
  }
});
