import crypto from 'node:crypto';
import type { OAuthProvider } from '@ledgerdesk/domain/entities';
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { call } from '../client/http-client';
import type { BenchConfig, DatabaseTarget } from '../config';
import { createBenchDatabase } from '../infra/bench-database';
import { startChild } from '../infra/child-process';
import { onInterrupt } from '../infra/cleanup';
import { sampleProcess } from '../infra/process-sampler';
import { count } from '../report/format';
import type { BenchTable } from '../report/table';
import {
  benchMessage,
  connectImapBox,
  idleHealth,
  itemCount,
  newImapAccount,
  waitUntil,
} from './imap-mailboxes';

import {
  type CollectedMemory,
  type FirstSync,
  type Freshness,
  type Held,
  HOLD_MS,
  idleTable,
  throughputTable,
} from './imap-tables';

/** Mailboxes set up at once while the node is asked to hold N connections. */
const PARALLEL_SET_UP = 8;

import { runSync } from './sync-run';

type ImapOptions = {
  config: BenchConfig;
  target: DatabaseTarget;
  sandboxUrl: string;
  log(message: string): void;
};

/**
 * IMAP (decision 023): first-sync throughput of the IMAP adapter against a private Dovecot beside the Graph and
 * Gmail adapters against the sandbox, on one node in the same run; IDLE freshness (LMTP delivery → triage item);
 * one node holding N IDLE connections (its RSS and CPU, read from /proc).
 */
export async function runImap(options: ImapOptions): Promise<BenchTable[]> {
  const { config, log } = options;
  const started = await startDovecot();
  if (!started.server) {
    log(`imap: skipped (${started.unavailable})`);
    return [];
  }
  const dovecot = started.server;
  const forgetDovecot = onInterrupt(() => dovecot.stop());
  const database = await createBenchDatabase(options.target);
  const forgetDatabase = onInterrupt(() => database.drop());
  try {
    // One node with the fleet on (IDLE is the fleet's) and the poll an hour away: new mail is IDLE's doing.
    const node = await startChild<{ url: string }>('imap-node', 'harness/app-server.ts', {
      ...database.env,
      BENCH_APP_PORT: String(config.ports.fleet[0]),
      BENCH_SANDBOX_URL: options.sandboxUrl,
      BENCH_SYNC_MODE: 'fleet',
      BENCH_SYNC_INTERVAL_SECONDS: '3600',
      BENCH_PUSH: 'on',
      BENCH_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
    });
    try {
      const appUrl = node.info.url;
      const throughput = await firstSyncs(appUrl, options, dovecot);
      const freshness = await idleFreshness(appUrl, config, dovecot, log);
      const held = await holdConnections(appUrl, config, dovecot, node.process.pid ?? 0, log);
      return [throughputTable(throughput, database.label), idleTable(freshness, held, database.label)];
    } finally {
      await node.stop();
    }
  } finally {
    await database.drop();
    forgetDatabase();
    await dovecot.stop();
    forgetDovecot();
  }
}

async function firstSyncs(
  appUrl: string,
  options: ImapOptions,
  dovecot: DovecotServer,
): Promise<FirstSync[]> {
  const { messages, changes } = options.config.sync;
  const runs: FirstSync[] = [];
  for (const provider of ['office365', 'gmail'] as OAuthProvider[]) {
    options.log(`imap: first sync beside it, ${provider}, ${count(messages)} messages`);
    const run = await runSync(appUrl, options.sandboxUrl, provider, false, messages, changes);
    const adapter = provider === 'office365' ? 'Office 365 (Graph, sandbox)' : 'Gmail (sandbox)';
    runs.push({ adapter, messages: run.expected, synced: run.synced, firstSyncMs: run.firstSyncMs });
  }
  options.log(`imap: first sync, IMAP, ${count(messages)} messages`);
  const box = await connectImapBox(appUrl, dovecot, 'imap-sync');
  for (let n = 0; n < messages; n++)
    await dovecot.deliver(benchMessage(box.address, `Bench ${n}`), box.address);
  const startedAt = performance.now();
  await call(box.user, 'POST', '/api/functions/initialize-sync-config', {
    integrationId: box.integrationId,
    initialSyncDaysBack: 31,
  });
  let synced = await itemCount(box);
  for (let rounds = 1; synced < messages && rounds < 30; rounds++) {
    await call(box.user, 'POST', '/api/bench/sync', { integrationId: box.integrationId });
    const now = await itemCount(box);
    if (now === synced) break;
    synced = now;
  }
  runs.push({ adapter: 'IMAP (Dovecot)', messages, synced, firstSyncMs: performance.now() - startedAt });
  return runs;
}

async function idleFreshness(
  appUrl: string,
  config: BenchConfig,
  dovecot: DovecotServer,
  log: (message: string) => void,
): Promise<Freshness> {
  // Read before the mailbox exists: the node may take it while its first sync runs.
  const before = (await idleHealth(appUrl)).connections;
  const box = await connectImapBox(appUrl, dovecot, 'imap-idle');
  await call(box.user, 'POST', '/api/functions/initialize-sync-config', {
    integrationId: box.integrationId,
    initialSyncDaysBack: 31,
  });
  if (!(await waitUntil(async () => (await idleHealth(appUrl)).connections > before, 30_000)))
    throw new Error('the node did not take the mailbox for IDLE within 30 s');
  // The catch-up sync IDLE queues when it starts has run.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const deliveries = config.isSmoke ? 5 : 50;
  log(`imap: IDLE freshness, ${deliveries} deliveries`);
  const samplesMs: number[] = [];
  let missed = 0;
  for (let n = 0; n < deliveries; n++) {
    const expected = (await itemCount(box)) + 1;
    const sentAt = performance.now();
    await dovecot.deliver(benchMessage(box.address, `Fresh ${n}`), box.address);
    if (await waitUntil(async () => (await itemCount(box)) >= expected, 15_000, 25))
      samplesMs.push(performance.now() - sentAt);
    else missed++;
    // Spaced out, so each delivery is its own push rather than part of the previous sync.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { samplesMs, missed };
}

async function holdConnections(
  appUrl: string,
  config: BenchConfig,
  dovecot: DovecotServer,
  pid: number,
  log: (message: string) => void,
): Promise<Held> {
  const target = config.imap.connections;
  const collectedBefore = await collectedMemory(appUrl);
  const baseline = sampleProcess(pid, 500);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const rssBeforeBytes = baseline.stop().rssPeakBytes;
  const already = (await idleHealth(appUrl)).connections;
  log(`imap: ${count(target)} IDLE connections on one node`);
  const accounts = Array.from({ length: Math.max(0, target - already) }, (_, n) =>
    newImapAccount(`imap-hold-${n}`),
  );
  await dovecot.addUsers(accounts);
  // Connected by a few at a time (sign-up, then the mailbox), as the fleet benchmark sets its mailboxes up.
  const setUpStarted = performance.now();
  let next = 0;
  let connected = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_SET_UP, accounts.length) }, async () => {
      while (next < accounts.length) {
        const index = next++;
        await connectImapBox(appUrl, dovecot, `imap-hold-${index}`, accounts[index]);
        connected++;
        if (connected % 100 === 0)
          log(
            `imap: ${connected} of ${accounts.length} mailboxes connected, ${(await idleHealth(appUrl)).connections} held`,
          );
      }
    }),
  );
  log(
    `imap: ${accounts.length} mailboxes connected in ${((performance.now() - setUpStarted) / 1000).toFixed(1)} s`,
  );
  const startedAt = performance.now();
  await waitUntil(async () => (await idleHealth(appUrl)).connections >= target, 180_000, 500);
  const reachMs = performance.now() - startedAt;
  const reached = (await idleHealth(appUrl)).connections;
  const holding = sampleProcess(pid, 1_000);
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  const usage = holding.stop();
  const collectedAfter = await collectedMemory(appUrl);
  return {
    target,
    reached,
    reachMs,
    rssBeforeBytes,
    rssAfterBytes: usage.rssPeakBytes,
    collectedBefore,
    collectedAfter,
    cpuPercentMean: usage.cpuPercentMean,
  };
}

/** The node's memory after a full collection (harness route; null when the node cannot collect on demand). */
async function collectedMemory(appUrl: string): Promise<CollectedMemory | null> {
  const response = await fetch(`${appUrl}/api/bench/collected-memory`, { method: 'POST' });
  const body = (await response.json()) as {
    collected: boolean;
    rss: number;
    heapUsed: number;
    external: number;
  };
  return body.collected
    ? { rssBytes: body.rss, heapUsedBytes: body.heapUsed, externalBytes: body.external }
    : null;
}
