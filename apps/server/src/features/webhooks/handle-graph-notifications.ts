import type { FastifyInstance } from 'fastify';
import {
  findPushBySubscriptions,
  type IntegrationJobData,
  isClientStateValid,
  recordPushNotifications,
  restartLiveUpdates,
} from '../../mail';
import {
  GRAPH_LIFECYCLE_EVENTS,
  GRAPH_MAX_SUBSCRIPTIONS_PER_POST,
  type GraphChangeNotification,
  type GraphLifecycleEvent,
} from './graph-notification-schema';
import type { IntakeTally } from './intake-tally';

type Verified<T> = { mailbox: IntegrationJobData; item: T };

/**
 * The notifications of one post whose subscription is ours and whose clientState matches. The cost is bounded whatever the post holds (decision
 * 030): one lookup for at most GRAPH_MAX_SUBSCRIPTIONS_PER_POST distinct subscriptions, and the rest (unknown
 * subscriptions, wrong clientStates, subscriptions past the cap) only counted in memory: no write, no log line.
 */
async function verifyPost<T extends GraphChangeNotification>(
  app: FastifyInstance,
  tally: IntakeTally,
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
  const owners = await findPushBySubscriptions(app.db, [...bySubscription.keys()]);
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
  app: FastifyInstance,
  tally: IntakeTally,
  items: readonly GraphChangeNotification[],
): Promise<void> {
  const now = new Date();
  const verified = onePer(await verifyPost(app, tally, items), ({ mailbox }) => mailbox.integrationId);
  await forEachMailbox(
    verified,
    ({ mailbox }) => app.syncFleet?.queueSync(mailbox, 'push') ?? Promise.resolve(),
  );
  if (verified.length === 0) return;
  // The "last notification" stamp is a display: Graph waits for our answer, not for it, so it is written after
  // the answer; a failure is logged, never the notification's.
  const ids = verified.map(({ mailbox }) => mailbox.integrationId);
  void recordPushNotifications(app.db, ids, now).catch((error: unknown) =>
    app.log.warn({ err: error, mailboxes: ids.length }, 'recording notifications failed'),
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
  app: FastifyInstance,
  tally: IntakeTally,
  items: ReadonlyArray<GraphChangeNotification & { lifecycleEvent: GraphLifecycleEvent }>,
): Promise<void> {
  const verified = await verifyPost(app, tally, items);
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
    app.log.warn(
      { integrationId: mailbox.integrationId, events: [...events].slice(0, 5) },
      'unknown Graph lifecycle event: catching up with a sync',
    );
    await app.syncFleet?.queueSync(mailbox, 'push');
  });
  await forEachMailbox(known, async ({ mailbox, event }) => {
    app.log.info({ integrationId: mailbox.integrationId, event }, 'Graph lifecycle event');
    if (event === 'subscriptionRemoved') await restartLiveUpdates(app.mail, mailbox);
    if (event !== 'missed') await app.syncFleet?.queuePush(mailbox);
    if (event !== 'reauthorizationRequired') await app.syncFleet?.queueSync(mailbox, 'push');
  });
}
