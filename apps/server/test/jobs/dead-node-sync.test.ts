import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningMailSandbox, startMailSandbox } from '@ledgerdesk/mail-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
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

const INTERVAL_SECONDS = '2';
/** The expiry that freed a dead node's sync before decision 034: far longer than the test waits. */
const EXPIRE_SECONDS = '600';
const PROMPT_MS = 20_000;

type Fault = { remaining: number };

// Decision 034: a mailbox whose sync was running on a node that died is synced again within a round or two, by
// another node (PostgreSQL) or by the node started again on the same data (PGlite), not after the job's expiry.
describe.each(testDatabaseKinds)('a dead node’s sync (%s)', (kind) => {
  let sandbox: RunningMailSandbox;
  let control: ControlClient;
  let database: (Database & { drop?: () => Promise<void>; url?: string }) | null = null;
  let app: FastifyInstance | null = null;
  let ports = kind === 'postgres' ? 39760 : 39750;
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerdesk-dead-node-${kind}-`));
  const nodes: ServerNode[] = [];
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const address = `dead-node-${kind}@firm.test`;
  let cookie = '';

  beforeAll(async () => {
    sandbox = await startMailSandbox({ port: 0, host: '127.0.0.1', seed: false, contract: {} });
    control = controlClient(sandbox.url);
    database =
      kind === 'postgres'
        ? await createTestDatabase('postgres')
        : await openDatabase({ dataDir: path.join(dataRoot, 'pglite') });
    app = await buildApp({
      env: testEnv({ DATA_DIR: dataRoot, ...sandboxEnv(sandbox.url), ...secrets }),
      database,
      publicUrl: 'http://localhost:3000',
    });
    await app.ready();
    await control('POST', '/mailboxes', { address, provider: 'office365', messages: 3 });
    const owner = await signUp(app, `owner-${address}`);
    cookie = owner.cookie;
    const integrationId = await connectMailbox(app, owner.cookie, 'office365', address);
    const report = await syncIntegration({ deps: app.mail, userId: owner.userId }, { integrationId });
    expect(report.criticalErrors).toBe(0);
    if (kind === 'pglite') {
      // One process owns an embedded database: the app hands it over to the nodes.
      await app.close();
      app = null;
      await database.close();
      database = null;
    }
  }, 120_000);
  afterAll(() => closeNodeFixture({ nodes, control, app, database, sandbox, dataRoot }));

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
        MAIL_PUSH: 'off',
        SYNC_INTERVAL_SECONDS: INTERVAL_SECONDS,
        SYNC_JOB_EXPIRE_SECONDS: EXPIRE_SECONDS,
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
  const inTriage = async (node: ServerNode, subject: string) => {
    const response = await fetch(`${node.url}/api/triage/threads?view=inbox`, { headers: { cookie } });
    return response.ok && (await response.text()).includes(subject);
  };

  it('is synced again at once when the node running it is killed mid-sync', async () => {
    // The next Graph delta call hangs: the scheduled sync that makes it stays running on the first node.
    await control('POST', '/faults', {
      provider: 'office365',
      status: 'timeout',
      pathContains: 'delta',
      count: 1,
    });
    const first = await startNode('dead-node-first');
    // PostgreSQL: a second node runs beside it all along; PGlite: one process at a time, started again below.
    const other = kind === 'postgres' ? await startNode('dead-node-other') : null;
    await waitFor(async () => {
      const faults = (await control<{ faults: Fault[] }>('GET', '/faults')).faults;
      return faults.length === 0 || faults.every((fault) => fault.remaining < 1);
    }, 60_000);
    await kill(first);
    const subject = `After the kill ${kind}`;
    await control('POST', '/messages', {
      mailbox: address,
      from: 'Pat Client <pat@client.test>',
      to: [address],
      subject,
      text: 'x',
    });
    const survivor = other ?? (await startNode('dead-node-again'));
    const startedAt = Date.now();
    await waitFor(() => inTriage(survivor, subject), PROMPT_MS);
    expect(Date.now() - startedAt).toBeLessThan(PROMPT_MS);
    expect(survivor.log.join('')).toContain('jobs of a node that is gone were given back');
  }, 180_000);
});
