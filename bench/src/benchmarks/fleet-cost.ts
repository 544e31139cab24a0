import { callJson } from '../client/http-client';
import { sandboxControl } from '../client/sandbox';
import { FLEET_SUBJECT_PREFIX } from '../harness/fleet-log';
import type { FleetLog } from '../harness/fleet-routes';
import { type ProcessUsage, sampleProcess } from '../infra/process-sampler';
import { type Summary, summarize } from '../report/stats';
import { shuffledOrder } from './fleet-deliveries';
import type { FleetMailbox } from './fleet-setup';

/**
 * Graph change notifications the bench posts to the node's webhook per second (one notification a post): ten
 * times the notifications of one new message a second (decision 021's load for 1,000 mailboxes).
 */
export const WEBHOOK_POSTS_PER_SECOND = 10;

export type WebhookCost = {
  posts: number;
  /** Posts answered 202 (the rest: their statuses, counted). */
  accepted: number;
  otherStatuses: Record<string, number>;
  /** Client-side: the post sent → the answer read, over loopback. */
  answerMs: Summary;
  /** The node's event-loop delay over the window (monitorEventLoopDelay, 10 ms resolution), ms. */
  eventLoopMs: EventLoopDelay | null;
};

export type EventLoopDelay = { p50: number; p95: number; p99: number; max: number };

/** The node's CPU over one window, and the freshness of the mail delivered in it (none when idle). */
export type CpuWindow = {
  usage: ProcessUsage;
  delivered: number;
  arrived: number;
  freshnessMs: Summary | null;
};

/** The push node started → every mailbox's live updates set up (read from /api/health every second). */
export type LiveSetUp = { live: number; ms: number };

export type PushCost = {
  seconds: number;
  /** Posts naming subscriptions that are not ours: the request alone (one lookup, nothing queued). */
  unknown: WebhookCost;
  /** Posts of the fleet's own subscriptions: each one queues a real sync. */
  webhook: WebhookCost;
  idle: CpuWindow;
  load: CpuWindow;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The push node and the fleet's mailboxes the cost is measured on. */
type PushCostTarget = {
  nodeUrl: string;
  nodePid: number;
  sandboxUrl: string;
  mailboxes: readonly FleetMailbox[];
  seconds: number;
  intervalMs: number;
  key: string;
};

type Subscription = { id: string; mailbox: string; clientState: string; expirationDateTime: string };

/**
 * The cost of live updates on the push node (decision 021): (a) the webhook's answer time, measured by the bench
 * posting Graph change notifications of the fleet's own subscriptions (right clientState, so each one queues a
 * real sync) at a steady rate; (b) the node's CPU for `seconds` with no new mail, then for `seconds` with one new
 * message a second in total, spread over the mailboxes, the poll running beneath as always.
 */
export async function measurePushCost(
  options: PushCostTarget & { log: (message: string) => void },
): Promise<PushCost> {
  const { seconds } = options;
  options.log(`fleet: webhook answer time, ${WEBHOOK_POSTS_PER_SECOND} posts/s for 2 × ${seconds} s`);
  const unknown = await postNotifications(options.nodeUrl, options.sandboxUrl, options.mailboxes, seconds, {
    isUnknown: true,
  });
  const webhook = await postNotifications(options.nodeUrl, options.sandboxUrl, options.mailboxes, seconds);
  options.log(`fleet: push node CPU, ${seconds} s without mail, then ${seconds} s at one message a second`);
  const idleSampler = sampleProcess(options.nodePid);
  await sleep(seconds * 1000);
  const idle: CpuWindow = { usage: idleSampler.stop(), delivered: 0, arrived: 0, freshnessMs: null };
  const load = await oneMessageASecond(options);
  return { seconds, unknown, webhook, idle, load };
}

async function postNotifications(
  nodeUrl: string,
  sandboxUrl: string,
  mailboxes: readonly FleetMailbox[],
  seconds: number,
  options: { isUnknown?: boolean } = {},
): Promise<WebhookCost> {
  const ours = new Set(mailboxes.map((mailbox) => mailbox.address));
  const { subscriptions } = await callJson<{ subscriptions: Subscription[] }>(
    `${sandboxUrl}/control/graph/subscriptions`,
    'GET',
  );
  const targets = subscriptions
    .filter((item) => ours.has(item.mailbox))
    .map((item) => (options.isUnknown ? { ...item, id: `not-ours-${item.id}` } : item));
  const posts = targets.length > 0 ? WEBHOOK_POSTS_PER_SECOND * seconds : 0;
  const spacingMs = 1000 / WEBHOOK_POSTS_PER_SECOND;
  const loopUrl = `${nodeUrl}/api/bench/event-loop`;
  await callJson(loopUrl, 'POST');
  const started = performance.now();
  const answers: Promise<{ status: number; ms: number }>[] = [];
  for (let index = 0; index < posts; index++) {
    const wait = started + index * spacingMs - performance.now();
    if (wait > 1) await sleep(wait);
    const subscription = targets[index % targets.length] as Subscription;
    answers.push(postOne(nodeUrl, subscription, index));
  }
  const settled = await Promise.all(answers);
  const eventLoopMs = await callJson<EventLoopDelay>(loopUrl, 'GET').catch(() => null);
  const otherStatuses: Record<string, number> = {};
  for (const { status } of settled) {
    if (status !== 202) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
  }
  return {
    posts,
    accepted: settled.filter((answer) => answer.status === 202).length,
    otherStatuses,
    answerMs: summarize(settled.map((answer) => answer.ms)),
    eventLoopMs,
  };
}

/** One change notification as Graph posts it (the sandbox's own shape), timed from send to answer read. */
async function postOne(
  nodeUrl: string,
  subscription: Subscription,
  index: number,
): Promise<{ status: number; ms: number }> {
  const resource = `Users/bench/Messages/bench-notification-${index}`;
  const body = {
    value: [
      {
        subscriptionId: subscription.id,
        subscriptionExpirationDateTime: subscription.expirationDateTime,
        changeType: 'created',
        resource,
        resourceData: {
          '@odata.type': '#Microsoft.Graph.Message',
          '@odata.id': resource,
          id: `bench-${index}`,
        },
        clientState: subscription.clientState,
        tenantId: 'bench',
      },
    ],
  };
  const started = performance.now();
  const response = await fetch(`${nodeUrl}/api/webhooks/graph`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

/** One new message a second in total, to the mailboxes in a shuffled cycle; CPU sampled over the window only. */
async function oneMessageASecond(options: PushCostTarget): Promise<CpuWindow> {
  const sandbox = sandboxControl(options.sandboxUrl);
  const prefix = `${FLEET_SUBJECT_PREFIX}cost-${options.key} `;
  const order = shuffledOrder(options.mailboxes.length);
  const deliveredAt = new Map<string, number>();
  const sampler = sampleProcess(options.nodePid);
  const started = performance.now();
  const since = Date.now();
  for (let second = 0; second < options.seconds; second++) {
    const wait = started + second * 1000 - performance.now();
    if (wait > 1) await sleep(wait);
    const mailbox = options.mailboxes[order[second % order.length] as number] as FleetMailbox;
    const subject = `${prefix}${second}`;
    await sandbox.addMessage({
      mailbox: mailbox.address,
      from: 'Pat Client <pat@client.test>',
      to: [mailbox.address],
      subject,
      text: 'One of a message a second.',
    });
    deliveredAt.set(subject, Date.now());
  }
  const rest = started + options.seconds * 1000 - performance.now();
  if (rest > 1) await sleep(rest);
  const usage = sampler.stop();
  // The window is measured; the last messages may still be on their way.
  const logUrl = `${options.nodeUrl}/api/bench/fleet/log?since=${since}&prefix=${encodeURIComponent(prefix)}`;
  const giveUp = Date.now() + 2 * options.intervalMs + 10_000;
  let log = await callJson<FleetLog>(logUrl, 'GET');
  while (log.items.length < deliveredAt.size && Date.now() < giveUp) {
    await sleep(500);
    log = await callJson<FleetLog>(logUrl, 'GET');
  }
  const freshness = log.items.flatMap((item) => {
    const at = deliveredAt.get(item.subject);
    return at === undefined ? [] : [item.insertedAt - at];
  });
  return {
    usage,
    delivered: deliveredAt.size,
    arrived: new Set(log.items.map((item) => item.subject)).size,
    freshnessMs: freshness.length > 0 ? summarize(freshness) : null,
  };
}
