import { callJson } from '../client/http-client';
import { FLEET_SUBJECT_PREFIX } from '../harness/fleet-log';
import type { FleetLog } from '../harness/fleet-routes';
import type { RunningChild } from '../infra/child-process';
import { type ProcessUsage, sampleProcess } from '../infra/process-sampler';
import { deliverMail } from './fleet-deliveries';
import type { FleetMailbox } from './fleet-setup';
import { type PhaseStats, phaseStats } from './fleet-stats';

/** `push`: the fleet with live updates (decision 021): Graph subscriptions and Gmail watch, the poll beneath. */
export type Scheduler = 'fleet' | 'push' | 'legacy';

/** One measured phase: a scheduler on one or two nodes, under the same mail. */
export type Phase = {
  scheduler: Scheduler;
  /** The sandbox's notification faults during the phase, in words; null when none. */
  faults: string | null;
  nodes: number;
  stats: PhaseStats;
  /** Per node, in start order. */
  usage: ProcessUsage[];
  /** From the first delivery to the end of the drain. */
  durationMs: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers `intervals` rounds of new mail (one message per mailbox per interval) while sampling the nodes'
 * CPU and memory, then waits until every message is in triage or `drainMs` has passed since the last
 * delivery, and reads the phase's logs (items, syncs, pg-boss jobs) from the first node.
 */
export async function runPhase(options: {
  key: string;
  scheduler: Scheduler;
  nodes: RunningChild<{ url: string }>[];
  mailboxes: readonly FleetMailbox[];
  sandboxUrl: string;
  intervalMs: number;
  intervals: number;
  drainMs: number;
  faults?: string | null;
  log: (message: string) => void;
}): Promise<Phase> {
  const { nodes, mailboxes, intervalMs } = options;
  const url = nodes[0]?.info.url ?? '';
  const prefix = `${FLEET_SUBJECT_PREFIX}${options.key} `;
  const samplers = nodes.map((node) => sampleProcess(node.process.pid ?? 0));
  const start = Date.now();
  options.log(
    `fleet: ${options.scheduler} on ${nodes.length} node(s): ${options.intervals} × ${mailboxes.length} messages over ${(options.intervals * intervalMs) / 1000} s`,
  );
  const droppedUrl = `${options.sandboxUrl}/control/push-faults/dropped`;
  if (options.faults) await callJson(droppedUrl, 'DELETE');
  const deliveries = await deliverMail({
    sandboxUrl: options.sandboxUrl,
    mailboxes,
    intervalMs,
    intervals: options.intervals,
    prefix,
  });
  const lastDelivery = Date.now();
  const arrivedUrl = `${url}/api/bench/fleet/arrived?prefix=${encodeURIComponent(prefix)}`;
  let arrived = 0;
  while (Date.now() - lastDelivery < options.drainMs) {
    arrived = (await callJson<{ count: number }>(arrivedUrl, 'GET')).count;
    if (arrived >= deliveries.length) break;
    await sleep(Math.min(1_000, intervalMs / 4));
  }
  const end = Date.now();
  const usage = samplers.map((sampler) => sampler.stop());
  options.log(`fleet: ${arrived} of ${deliveries.length} messages in triage after ${(end - start) / 1000} s`);
  const log = await callJson<FleetLog>(
    `${url}/api/bench/fleet/log?since=${start}&prefix=${encodeURIComponent(prefix)}`,
    'GET',
  );
  const dropped = options.faults
    ? new Set(
        (await callJson<{ messages: { subject: string }[] }>(droppedUrl, 'GET')).messages.map(
          (message) => message.subject,
        ),
      )
    : undefined;
  const stats = phaseStats({
    deliveries,
    log,
    dropped,
    integrationIds: mailboxes.map((mailbox) => mailbox.integrationId),
    window: { start, end },
    intervalMs,
    integrationIdOf:
      options.scheduler === 'push'
        ? new Map(mailboxes.map((mailbox) => [mailbox.address, mailbox.integrationId]))
        : undefined,
  });
  return {
    scheduler: options.scheduler,
    faults: options.faults ?? null,
    nodes: nodes.length,
    stats,
    usage,
    durationMs: end - start,
  };
}
