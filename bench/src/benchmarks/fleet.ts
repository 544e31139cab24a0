import crypto from 'node:crypto';
import { LIVE_PUSH_POLL_PERIODS } from '../../../apps/server/src/jobs/sync-plan';
import { callJson } from '../client/http-client';
import { sandboxControl } from '../client/sandbox';
import type { BenchConfig, DatabaseTarget, FleetPhase } from '../config';
import { createBenchDatabase } from '../infra/bench-database';
import { type RunningChild, startChild } from '../infra/child-process';
import { onInterrupt } from '../infra/cleanup';
import type { BenchTable } from '../report/table';
import { type LiveSetUp, measurePushCost, type PushCost } from './fleet-cost';
import { type Phase, runPhase, type Scheduler } from './fleet-phase';
import { pushCostTable, verifyTable } from './fleet-push-tables';
import { connectFleet, type FleetMailbox } from './fleet-setup';
import { fleetTable } from './fleet-table';
import { runVerifyStep, type VerifyResult } from './fleet-verify';

/** What the fleet benchmark needs: it makes its own database and starts its own nodes. */
export type FleetContext = {
  config: BenchConfig;
  target: DatabaseTarget;
  sandboxUrl: string;
  webDist: string;
  log(message: string): void;
};

/**
 * Benchmark 6: the sync fleet on one node (and two on PostgreSQL) against the old three-at-a-time loop, with
 * the same mailboxes and the same mail, in one run. On a fresh database: node A (the fleet) connects and
 * initialises every mailbox, then one message per mailbox per interval arrives for a few intervals; on
 * PostgreSQL node B joins for a second phase; then a node with live updates on (push phases, then the cost of
 * push and reconciliation of injected gaps: tables 6c and 6d); last, a node running the old loop gets the same
 * treatment.
 */
export async function runFleet(ctx: FleetContext): Promise<BenchTable[]> {
  const { mailboxes: count, intervalSeconds, intervals, phases: parts } = ctx.config.fleet;
  const intervalMs = intervalSeconds * 1000;
  const [portA, portB, portLegacy] = ctx.config.ports.fleet;
  const database = await createBenchDatabase(ctx.target);
  const forget = onInterrupt(() => database.drop());
  const tag = crypto.randomBytes(3).toString('hex');
  const shared = {
    ...database.env,
    BENCH_SANDBOX_URL: ctx.sandboxUrl,
    BENCH_WEB_DIST: ctx.webDist,
    BENCH_SYNC_INTERVAL_SECONDS: String(intervalSeconds),
    BENCH_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    BENCH_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const startNode = (name: string, port: number, mode: Scheduler, extra: Record<string, string> = {}) =>
    startChild<{ url: string }>(name, 'harness/app-server.ts', {
      ...shared,
      ...extra,
      BENCH_APP_PORT: String(port),
      BENCH_SYNC_MODE: mode,
      BENCH_NODE_NAME: name,
    });
  const sandbox = sandboxControl(ctx.sandboxUrl);
  const phases: Phase[] = [];
  let mailboxes: FleetMailbox[] = [];
  let cost: PushCost | null = null;
  let verify: VerifyResult | null = null;
  let setUp: LiveSetUp | null = null;
  const measure = (
    key: string,
    scheduler: Scheduler,
    nodes: RunningChild<{ url: string }>[],
    faults: string | null = null,
  ) =>
    runPhase({
      faults,
      key: `${key}-${tag}`,
      scheduler,
      nodes,
      mailboxes,
      sandboxUrl: ctx.sandboxUrl,
      intervalMs,
      intervals,
      // The fleet: a message delivered last waits up to one interval for its round, plus the round itself.
      // With push on, a message whose notification was lost waits for the live mailboxes' poll, every
      // LIVE_PUSH_POLL_PERIODS intervals (decision 026). The old loop never catches up: one interval shows what it
      // would still bring in.
      drainMs:
        scheduler === 'legacy'
          ? intervalMs
          : scheduler === 'push'
            ? (LIVE_PUSH_POLL_PERIODS + 1) * intervalMs
            : 2 * intervalMs,
      log: ctx.log,
    });
  try {
    await sandbox.setQuotas('office365', true);
    await sandbox.setQuotas('gmail', true);
    const nodeA = await startNode('node-a', portA, 'fleet', { BENCH_FLEET_LOG: 'install' });
    try {
      ctx.log(`fleet: connecting ${count} mailboxes (${database.label})`);
      mailboxes = await connectFleet(nodeA.info.url, ctx.sandboxUrl, count, tag, ctx.log);
      if (parts.has('poll')) phases.push(await measure('one', 'fleet', [nodeA]));
      if (parts.has('poll') && database.kind === 'postgres') {
        const nodeB = await startNode('node-b', portB, 'fleet');
        try {
          phases.push(await measure('two', 'fleet', [nodeA, nodeB]));
        } finally {
          await nodeB.stop();
        }
      }
    } finally {
      await nodeA.stop();
    }
    // Live updates: the same mailboxes, the same mail, with push on (the poll still every interval beneath).
    const isPushed = ['push', 'faults', 'cost', 'verify'].some((part) => parts.has(part as FleetPhase));
    const nodeP = isPushed ? await startNode('node-p', portA, 'fleet', { BENCH_PUSH: 'on' }) : null;
    try {
      if (nodeP) setUp = await waitForLivePush(nodeP.info.url, count, 3 * intervalMs + 60_000, ctx.log);
      if (nodeP && parts.has('push')) phases.push(await measure('push', 'push', [nodeP]));
      if (nodeP && parts.has('push') && database.kind === 'postgres') {
        const nodeQ = await startNode('node-q', portB, 'fleet', { BENCH_PUSH: 'on' });
        try {
          phases.push(await measure('push-two', 'push', [nodeP, nodeQ]));
        } finally {
          await nodeQ.stop();
        }
      }
      const faults = { dropShare: 0.2, duplicateShare: 0.05 };
      if (nodeP && parts.has('faults')) {
        await callJson(`${ctx.sandboxUrl}/control/graph/push-faults`, 'POST', faults);
        await callJson(`${ctx.sandboxUrl}/control/gmail-push/faults`, 'POST', faults);
        try {
          phases.push(
            await measure('push-faults', 'push', [nodeP], '20 % of notifications dropped, 5 % duplicated'),
          );
        } finally {
          await callJson(`${ctx.sandboxUrl}/control/graph/push-faults`, 'DELETE');
          await callJson(`${ctx.sandboxUrl}/control/gmail-push/faults`, 'DELETE');
        }
      }
      if (nodeP && parts.has('cost'))
        cost = await measurePushCost({
          nodeUrl: nodeP.info.url,
          nodePid: nodeP.process.pid ?? 0,
          sandboxUrl: ctx.sandboxUrl,
          mailboxes,
          seconds: ctx.config.fleet.costSeconds,
          intervalMs,
          key: tag,
          log: ctx.log,
        });
      if (nodeP && parts.has('verify'))
        verify = await runVerifyStep({
          mailboxes,
          sandboxUrl: ctx.sandboxUrl,
          nodeUrl: nodeP.info.url,
          perKind: ctx.config.fleet.gaps,
          intervalMs,
          key: tag,
          log: ctx.log,
        });
    } finally {
      await nodeP?.stop();
    }
    if (parts.has('legacy')) {
      const legacy = await startNode('legacy', portLegacy, 'legacy');
      try {
        phases.push(await measure('old', 'legacy', [legacy]));
      } finally {
        await legacy.stop();
      }
    }
  } finally {
    await sandbox.setQuotas('office365', false);
    await sandbox.setQuotas('gmail', false);
    await database.drop();
    forget();
  }
  const tables = [
    fleetTable({ phases, database: database.label, kind: database.kind, count, intervalMs, intervals }),
  ];
  if (verify) tables.push(verifyTable({ result: verify, database: database.label, count }));
  if (cost) tables.push(pushCostTable({ cost, setUp, database: database.label, count }));
  return tables;
}

/** Waits until every mailbox's live updates are set up (the push node's rounds do it), or gives up. */
async function waitForLivePush(
  url: string,
  count: number,
  timeoutMs: number,
  log: (message: string) => void,
): Promise<LiveSetUp> {
  const started = Date.now();
  let live = 0;
  while (Date.now() - started < timeoutMs) {
    const health = await callJson<{ push?: { pushLive?: number } }>(`${url}/api/health`, 'GET');
    live = health.push?.pushLive ?? 0;
    if (live >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const ms = Date.now() - started;
  log(`fleet: live updates set up for ${live} of ${count} mailboxes after ${ms / 1000} s`);
  return { live, ms };
}
