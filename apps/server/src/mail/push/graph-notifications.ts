// Graph's change notifications and lifecycle events as they reach the engine (decision 021, 030): the webhook
// route (features/webhooks) is the HTTP shell — size, schema, rate limit, handshake — and hands the parsed items
// here. A notification is only a hint: it queues the poll's own sync, like a Gmail pull or an IMAP IDLE event.

import type { IntegrationJobData } from '../core/integration-store';
import type { MailDeps } from '../core/mail-deps';
import type { IntakeTally } from './intake-tally';
import { isClientStateValid, restartLiveUpdates } from './live-updates';
import { findPushBySubscriptions, recordPushNotifications } from './push-store';

/**
 * At most this many distinct subscriptions of one post are looked up (decision 030); notifications for the
 * others are answered 202 with the rest and left to their mailboxes' poll.
 */
export const GRAPH_MAX_SUBSCRIPTIONS_PER_POST = 200;

/**
 * Graph's lifecycle events today are these three; a new one is accepted (never a 400 Graph would retry for hours),
 * logged by name and answered with a catch-up sync of its mailbox.
 */
export const GRAPH_LIFECYCLE_EVENTS = ['reauthorizationRequired', 'subscriptionRemoved', 'missed'] as const;

/** What the engine reads of a notification: its subscription and the clientState that proves it is ours. */
export type GraphChangeNotification = { subscriptionId: string; clientState?: string | undefined };
export type GraphLifecycleEvent = string;

/** The node's queues a notification feeds (the sync fleet), or null where this process runs none. */
export type NotificationFleet = {
  queueSync(job: IntegrationJobData, reason: 'push'): Promise<unknown>;
  queuePush(job: IntegrationJobData): Promise<unknown>;
} | null;

/** What a post is handled with: the mail layer's deps, the fleet, and the in-memory tally of what is ignored. */
export type GraphIntake = { deps: MailDeps; fleet: NotificationFleet; tally: IntakeTally };

type Verified<T> = { mailbox: IntegrationJobData; item: T };

/**
 * The notifications of one post whose subscription is ours and whose clientState matches. The cost is bounded whatever the post holds (decision
 * 030): one lookup for at most GRAPH_MAX_SUBSCRIPTIONS_PER_POST distinct subscriptions, and the rest (unknown
 * subscriptions, wrong clientStates, subscriptions past the cap) only counted in memory: no write, no log line.
 */
async function verifyPost<T extends GraphChangeNotification>(
  { deps, tally }: GraphIntake,
  items: readonly T[],
): Promise<Array<Verified<T>>> {
  const bySubscription = new Map<string, T[]>();
  for (const item of items) {
    const group = bySubscription.get(item.subscriptionId);
    if (group) group.push(item);
    else if (bySubscription.size < GRAPH_MAX_SUBSCRIPTIONS_PER_POST)
      bySubscription.set(item.subscriptionId, [item]);
    else tally.ignore('overCap');
  }
  const owners = await findPushBySubscriptions(deps.db, [...bySubscription.keys()]);
  const verified: Array<Verified<T>> = [];
  for (const [subscriptionId, group] of bySubscription) {
    const owner = owners.get(subscriptionId);
    if (!owner) {
      tally.ignore('unknownSubscription', group.length);
      continue;
    }
    for (const item of group) {
      const isOurs =
        item.clientState !== undefined && isClientStateValid(item.clientState, owner.clientStateHash);
      if (isOurs)
        verified.push({ mailbox: { integrationId: owner.integrationId, userId: owner.userId }, item });
      else tally.ignore('clientState');
    }
  }
  return verified;
}

/** One entry per key: a batch naming a mailbox many times queues one sync. */
function onePer<T>(list: readonly T[], keyOf: (entry: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const entry of list) if (!seen.has(keyOf(entry))) seen.set(keyOf(entry), entry);
  return [...seen.values()];
}

/** Runs one piece of work per mailbox side by side (a slow mailbox holds up no other), failing if any failed. */
async function forEachMailbox<T>(list: readonly T[], work: (entry: T) => Promise<unknown>): Promise<void> {
  const results = await Promise.allSettled(list.map(work));
  const failure = results.find((result) => result.status === 'rejected');
  // The post is answered 5xx so Graph delivers it again (its own advice); the syncs already queued are idempotent.
  if (failure) throw failure.reason;
}

/**
 * Change notifications: each verified mailbox gets a sync queued (a hint, never the data: decision 021) before the
 * answer; their notification stamps are written after, in one write.
 */
export async function handleGraphNotifications(
  intake: GraphIntake,
  items: readonly GraphChangeNotification[],
): Promise<void> {
  const { deps, fleet } = intake;
  const now = new Date();
  const verified = onePer(await verifyPost(intake, items), ({ mailbox }) => mailbox.integrationId);
  await forEachMailbox(verified, ({ mailbox }) => fleet?.queueSync(mailbox, 'push') ?? Promise.resolve());
  if (verified.length === 0) return;
  // The "last notification" stamp is a display: Graph waits for our answer, not for it, so it is written after
  // the answer; a failure is logged, never the notification's.
  const ids = verified.map(({ mailbox }) => mailbox.integrationId);
  void recordPushNotifications(deps.db, ids, now).catch((error: unknown) =>
    deps.log.warn({ err: error, mailboxes: ids.length }, 'recording notifications failed'),
  );
}

const isKnownEvent = (event: string): event is (typeof GRAPH_LIFECYCLE_EVENTS)[number] =>
  (GRAPH_LIFECYCLE_EVENTS as readonly string[]).includes(event);

/**
 * Lifecycle events: `reauthorizationRequired` renews the subscription (the push job's session refreshes the
 * token first), `subscriptionRemoved` creates a new one and catches up, `missed` catches up at once. An event
 * Graph adds later is logged by name and catches up (a sync is always safe).
 */
export async function handleGraphLifecycle(
  intake: GraphIntake,
  items: ReadonlyArray<GraphChangeNotification & { lifecycleEvent: GraphLifecycleEvent }>,
): Promise<void> {
  const { deps, fleet } = intake;
  const verified = await verifyPost(intake, items);
  const unknown = new Map<string, { mailbox: IntegrationJobData; events: Set<string> }>();
  const known: Array<{ mailbox: IntegrationJobData; event: (typeof GRAPH_LIFECYCLE_EVENTS)[number] }> = [];
  for (const { mailbox, item } of onePer(
    verified,
    (v) => `${v.mailbox.integrationId} ${v.item.lifecycleEvent}`,
  )) {
    const event = item.lifecycleEvent;
    if (isKnownEvent(event)) known.push({ mailbox, event });
    else {
      const entry = unknown.get(mailbox.integrationId) ?? { mailbox, events: new Set<string>() };
      entry.events.add(event);
      unknown.set(mailbox.integrationId, entry);
    }
  }
  await forEachMailbox([...unknown.values()], async ({ mailbox, events }) => {
    deps.log.warn(
      { integrationId: mailbox.integrationId, events: [...events].slice(0, 5) },
      'unknown Graph lifecycle event: catching up with a sync',
    );
    await fleet?.queueSync(mailbox, 'push');
  });
  await forEachMailbox(known, async ({ mailbox, event }) => {
    deps.log.info({ integrationId: mailbox.integrationId, event }, 'Graph lifecycle event');
    if (event === 'subscriptionRemoved') await restartLiveUpdates(deps, mailbox);
    if (event !== 'missed') await fleet?.queuePush(mailbox);
    if (event !== 'reauthorizationRequired') await fleet?.queueSync(mailbox, 'push');
  });
}
