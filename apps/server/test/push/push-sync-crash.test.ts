import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import type { OAuthProvider } from '@ledgerdesk/domain/entities';
import {
  type RunningMailSandbox,
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  sandboxServiceAccountKey,
  startMailSandbox,
} from '@ledgerdesk/mail-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { syncIntegration } from '../../src/mail/mail-service';
import { closeNodeFixture } from '../jobs/support/close-node-fixture';
import { waitFor } from '../jobs/support/job-rows';
import { type ServerNode, startServerNode } from '../jobs/support/server-node';
import {
  type ControlClient,
  callFunction,
  connectMailbox,
  controlClient,
  sandboxEnv,
  signUp,
} from '../mail/support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from '../mail/support/mailbox-compare';
import { testEnv } from '../support/test-app';
import { createTestDatabase, testDatabaseKinds } from '../support/test-database';
import { freePort } from './support/push-harness';

/** Mail that arrives while notifications are lost: the push-triggered sync reads it in pages of 100. */
const BACKLOG = 250;
const PROVIDERS = ['office365', 'gmail'] as const;

type Box = {
  provider: OAuthProvider;
  address: string;
  userId: string;
  cookie: string;
  integrationId: string;
};
type Fault = { provider: OAuthProvider; pathContains?: string };

/** The second page of each provider's change feed: Graph's delta `$skiptoken`, Gmail's history `pageToken`. */
const SECOND_PAGE: Record<OAuthProvider, string> = { office365: '$skiptoken', gmail: 'pageToken' };

// Decision 021: a node SIGKILLed while a push notification's sync is half-way through a mailbox's change feed (its
// first page committed, the second held by the sandbox) loses nothing: a node started again on the same URL
// and database finishes the mailbox from the committed cursor, each message in triage once, and push goes on.
// On PostgreSQL the database is shared; on PGlite the nodes take the embedded database in turn.
describe.each(testDatabaseKinds)('a node killed during a push-triggered sync (%s)', (kind) => {
  let sandbox: RunningMailSandbox;
  let control: ControlClient;
  let database: (Database & { drop?: () => Promise<void>; url?: string }) | null = null;
  let app: FastifyInstance | null = null;
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerdesk-push-crash-${kind}-`));
  const nodes: ServerNode[] = [];
  const boxes: Box[] = [];
  let port = 0;
  let env: Record<string, string> = {};
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };

  const openApp = async () => {
    database =
      database ??
      (kind === 'postgres'
        ? await createTestDatabase('postgres')
        : await openDatabase({ dataDir: path.join(dataRoot, 'pglite') }));
    app = await buildApp({
      env: testEnv({ DATA_DIR: dataRoot, ...sandboxEnv(sandbox.url), ...secrets }),
      database,
      publicUrl: 'http://localhost:3000',
    });
    await app.ready();
    return app;
  };
  /** One process owns an embedded database: on PGlite the test's app hands it over to the nodes. */
  const handOver = async () => {
    if (kind !== 'pglite') return;
    await app?.close();
    app = null;
    await database?.close();
    database = null;
  };
  /** The test's own app on the database, opened again on PGlite once no node holds it. */
  const readerApp = async () => app ?? openApp();

  beforeAll(async () => {
    sandbox = await startMailSandbox({ port: 0, host: '127.0.0.1', seed: false, contract: {} });
    control = controlClient(sandbox.url);
    const setup = await openApp();
    for (const provider of PROVIDERS) {
      const address = `push-crash-${provider}-${kind}@firm.test`;
      await control('POST', '/mailboxes', { address, provider, messages: 3 });
      const { cookie, userId } = await signUp(setup, `owner-${address}`);
      const integrationId = await connectMailbox(setup, cookie, provider, address);
      await callFunction(setup, cookie, 'initialize-sync-config', { integrationId });
      expect((await syncIntegration({ deps: setup.mail, userId }, { integrationId })).criticalErrors).toBe(0);
      boxes.push({ provider, address, userId, cookie, integrationId });
    }
    await handOver();
    port = await freePort();
    env = {
      ...sandboxEnv(sandbox.url),
      ...secrets,
      MAIL_SANDBOX: 'off',
      GOOGLE_PUBSUB_TOPIC: SANDBOX_PUBSUB_TOPIC,
      GOOGLE_PUBSUB_SUBSCRIPTION: SANDBOX_PUBSUB_SUBSCRIPTION,
      GOOGLE_PUBSUB_CREDENTIALS: JSON.stringify(sandboxServiceAccountKey(sandbox.url)),
      GOOGLE_PUBSUB_URL: `${sandbox.url}/pubsub`,
      // The poll is an hour away: only push brings mail in.
      SYNC_INTERVAL_SECONDS: '3600',
      SYNC_JOB_EXPIRE_SECONDS: '6',
    };
  }, 120_000);

  afterAll(() => closeNodeFixture({ nodes, control, app, database, sandbox, dataRoot }));

  /** A node on the one public URL the Graph subscription names (a restart behind the same address). */
  const startNode = async (name: string) => {
    // PGlite: the embedded database of the data folder; PostgreSQL: a folder of the node's own, removed with ours.
    const dataDir = kind === 'pglite' ? dataRoot : fs.mkdtempSync(path.join(dataRoot, `${name}-`));
    const node = await startServerNode(name, port, database?.url ?? null, env, { dataDir });
    nodes.push(node);
    // No wait for the job engine: a notification answered while it starts must still queue its sync (main.ts
    // sets app.syncFleet before listening; what is sent waits for the start).
    return node;
  };

  const integrationOf = async (node: ServerNode, box: Box) => {
    const response = await fetch(`${node.url}/api/integrations`, { headers: { cookie: box.cookie } });
    const { integrations } = (await response.json()) as { integrations: EmailIntegrationDto[] };
    const found = integrations.find((item) => item.id === box.integrationId);
    if (!found) throw new Error('integration missing');
    return found;
  };

  const deliver = (box: Box, subject: string) =>
    control('POST', '/messages', {
      mailbox: box.address,
      from: 'Pat Client <pat@client.test>',
      to: [box.address],
      subject,
      text: 'x',
    });

  /** Notifications of both providers lost at the sandbox (share 1), or delivered again (share 0). */
  const dropNotifications = async (isDropped: boolean) => {
    if (isDropped) {
      await control('POST', '/graph/push-faults', { dropShare: 1 });
      await control('POST', '/gmail-push/faults', { dropShare: 1 });
    } else {
      await control('DELETE', '/graph/push-faults');
      await control('DELETE', '/gmail-push/faults');
    }
  };

  it('finishes every mailbox from the committed cursor on the next node: each message once, push goes on', async () => {
    const first = await startNode('push-crash-first');
    // The node's first round sets push up for each mailbox.
    for (const box of boxes) {
      await waitFor(async () => (await integrationOf(first, box)).push.state === 'live', 60_000);
    }

    // A backlog arrives while notifications are lost; the next one starts a push sync that must read it all.
    await dropNotifications(true);
    for (const box of boxes) {
      for (let index = 0; index < BACKLOG; index++) await deliver(box, `Backlog ${index}`);
    }
    for (const provider of PROVIDERS) {
      await control('POST', '/faults', {
        provider,
        status: 'timeout',
        pathContains: SECOND_PAGE[provider],
        count: 1,
      });
    }
    await dropNotifications(false);
    for (const box of boxes) await deliver(box, 'Wakes the sync');

    // Both syncs have committed their first page and wait for the second: the node dies there.
    await waitFor(
      async () => (await control<{ faults: Fault[] }>('GET', '/faults')).faults.length === 0,
      60_000,
    );
    const exited = new Promise((resolve) => first.process.once('exit', resolve));
    first.process.kill('SIGKILL');
    await exited;
    await control('DELETE', '/faults');

    const reader = await readerApp();
    for (const box of boxes) {
      const stored = (await storedKeys(reader, box.userId, box.integrationId)).length;
      const expected = (await mailboxKeys(control, box.address)).length;
      // Caught mid-way: the kill left part of the backlog out of triage.
      expect(stored, box.provider).toBeLessThan(expected);
    }
    await handOver();

    const again = await startNode('push-crash-again');
    /** Delivers a message to each mailbox and waits for a push sync of each to finish after it. */
    const deliverAndAwaitSync = async (subject: string) => {
      const deliveredAt = Date.now();
      for (const box of boxes) await deliver(box, subject);
      for (const box of boxes) {
        await waitFor(async () => {
          const lastSyncAt = (await integrationOf(again, box)).lastSyncAt;
          return lastSyncAt !== null && Date.parse(lastSyncAt) > deliveredAt;
        }, 60_000);
      }
    };
    // The first notification's sync finishes the killed run's feed from its committed cursor (for Graph the
    // interrupted delta round, which ends before this message); the next one shows push still brings mail in.
    await deliverAndAwaitSync('After the restart');
    await deliverAndAwaitSync('Still live');
    if (kind === 'pglite') await again.stop();

    const after = await readerApp();
    for (const box of boxes) {
      const ids = (await storedItems(after, box.userId, box.integrationId)).map(
        (item) => item.emailMessageId,
      );
      expect(new Set(ids).size, box.provider).toBe(ids.length);
      const keys = await mailboxKeys(control, box.address);
      expect(keys.length).toBeGreaterThan(BACKLOG);
      expect(await storedKeys(after, box.userId, box.integrationId), box.provider).toEqual(keys);
    }
  }, 300_000);
});
