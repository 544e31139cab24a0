import type { FastifyInstance } from 'fastify';
import {
  findPushBySubscription,
  type IntegrationJobData,
  isClientStateValid,
  recordPushNotification,
  restartLiveUpdates,
} from '../../mail';
import type { GraphChangeNotification, GraphLifecycleEvent } from './graph-notification-schema';

type Verified = IntegrationJobData | null;

/**
 * The mailbox a notification is for, when its subscription is ours and its clientState matches; a mismatch is
 * counted on the mailbox and ignored, an unknown subscription ignored. Nothing of the notification is logged.
 */
async function verify(app: FastifyInstance, item: GraphChangeNotification, now: Date): Promise<Verified> {
  const push = await findPushBySubscription(app.db, item.subscriptionId);
  if (!push) return null;
  if (item.clientState === undefined || !isClientStateValid(item.clientState, push.clientStateHash)) {
    await recordPushNotification(app.db, push.integrationId, false, now);
    app.log.warn(
      { integrationId: push.integrationId },
      'a Graph notification with a wrong clientState was ignored',
    );
    return null;
  }
  return { integrationId: push.integrationId, userId: push.userId };
}

/** One entry per subscription: a batch naming a mailbox many times gives one lookup and one queued sync. */
const bySubscription = <T extends GraphChangeNotification>(items: readonly T[]): T[] => {
  const seen = new Map<string, T>();
  for (const item of items) {
    const key = `${item.subscriptionId}\u0000${item.clientState ?? ''}`;
    if (!seen.has(key)) seen.set(key, item);
  }
  return [...seen.values()];
};

/**
 * Change notifications: each verified mailbox gets a sync queued (a hint, never the data: decision 021) before the
 * answer; its notification stamp is written after.
 */
export async function handleGraphNotifications(
  app: FastifyInstance,
  items: readonly GraphChangeNotification[],
): Promise<void> {
  const now = new Date();
  const queued = new Set<string>();
  for (const item of bySubscription(items)) {
    const mailbox = await verify(app, item, now);
    if (!mailbox || queued.has(mailbox.integrationId)) continue;
    queued.add(mailbox.integrationId);
    await app.syncFleet?.queueSync(mailbox, 'push');
    // The "last notification" stamp is a display: Graph waits for our answer, not for it (issue 29: answer p95
    // < 20 ms), so it is written after the answer; a failure is logged, never the notification's.
    void recordPushNotification(app.db, mailbox.integrationId, true, now).catch((error: unknown) =>
      app.log.warn({ err: error, integrationId: mailbox.integrationId }, 'recording a notification failed'),
    );
  }
}

/**
 * Lifecycle events: `reauthorizationRequired` renews the subscription (the push job's session refreshes the
 * token first), `subscriptionRemoved` creates a new one and catches up, `missed` catches up at once.
 */
export async function handleGraphLifecycle(
  app: FastifyInstance,
  items: ReadonlyArray<GraphChangeNotification & { lifecycleEvent: GraphLifecycleEvent }>,
): Promise<void> {
  const now = new Date();
  for (const item of items) {
    const mailbox = await verify(app, item, now);
    if (!mailbox) continue;
    app.log.info(
      { integrationId: mailbox.integrationId, event: item.lifecycleEvent },
      'Graph lifecycle event',
    );
    if (item.lifecycleEvent === 'subscriptionRemoved') await restartLiveUpdates(app.mail, mailbox);
    if (item.lifecycleEvent !== 'missed') await app.syncFleet?.queuePush(mailbox);
    if (item.lifecycleEvent !== 'reauthorizationRequired') await app.syncFleet?.queueSync(mailbox, 'push');
  }
}
