import { randomBytes } from 'node:crypto';
import type { SandboxContext } from '../context';
import { firstChangeAfter } from '../store/change-log';
import type { Mailbox } from '../store/types';
import { createGraphDelivery } from './graph-delivery';
import { type GraphSubscription, graphChangeType } from './graph-subscription';
import { postNotifications } from './post-to-app';

/** Changes are gathered and posted this often (Graph batches too; its latency is seconds, not this). */
export const NOTIFY_TICK_MS = 200;
const TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

export type GraphLifecycleEvent = 'reauthorizationRequired' | 'subscriptionRemoved' | 'missed';

/** A change notification as Graph posts it for an Outlook message. */
function notificationFor(
  subscription: GraphSubscription,
  mailbox: Mailbox,
  changeType: string,
  messageId: string,
  clientState: string | null,
) {
  const resource = `Users/${mailbox.userId}/Messages/${messageId}`;
  return {
    subscriptionId: subscription.id,
    subscriptionExpirationDateTime: new Date(subscription.expiresAt).toISOString(),
    changeType,
    resource,
    resourceData: { '@odata.type': '#Microsoft.Graph.Message', '@odata.id': resource, id: messageId },
    clientState,
    tenantId: TENANT_ID,
  };
}

/** Records that the notification of a new message was dropped (control API: GET /control/push-faults/dropped). */
export function noteDropped(ctx: SandboxContext, mailbox: Mailbox, serial: number): void {
  const subject = mailbox.messages[serial]?.subject;
  if (subject !== undefined) ctx.droppedNotices.push({ mailbox: mailbox.address, subject });
}

/** The clientState to send: the subscription's, or (a fault) one it never had. */
function clientStateFor(ctx: SandboxContext, subscription: GraphSubscription): string | null {
  if (ctx.pushFaults.forgeClientState <= 0) return subscription.clientState;
  ctx.pushFaults.forgeClientState -= 1;
  return randomBytes(32).toString('base64url');
}

/** The notifications due for one subscription since it was last notified, faults applied. */
function collect(ctx: SandboxContext, subscription: GraphSubscription, mailbox: Mailbox): object[] {
  const wanted = new Set(subscription.changeType.split(',').map((type) => type.trim()));
  const out: object[] = [];
  for (let index = firstChangeAfter(mailbox, subscription.notifiedSeq); index < mailbox.log.length; index++) {
    const change = mailbox.log[index];
    if (!change) continue;
    const changeType = graphChangeType(change.kind);
    if (!wanted.has(changeType)) continue;
    if (Math.random() < ctx.pushFaults.dropShare) {
      if (change.kind === 'added') noteDropped(ctx, mailbox, change.serial);
      continue;
    }
    const item = notificationFor(
      subscription,
      mailbox,
      changeType,
      change.immutableId,
      clientStateFor(ctx, subscription),
    );
    out.push(item);
    if (Math.random() < ctx.pushFaults.duplicateShare) out.push(item);
  }
  subscription.notifiedSeq = mailbox.seq;
  return ctx.pushFaults.shouldReorder ? out.reverse() : out;
}

/**
 * Posts Graph change notifications to the app: every tick, each live subscription whose mailbox changed gets one
 * batch of what changed (created, updated incl. read state and moves, deleted), delivered as Graph does
 * (graph-delivery.ts). Returns a stop function.
 */
/** An app's subscription delivers while its tenant's administrator still grants a mail permission. */
function isStillPermitted(ctx: SandboxContext, subscription: GraphSubscription): boolean {
  const tenant = /^app:.*@([^@]+)$/.exec(subscription.createdBy ?? '')?.[1];
  if (tenant === undefined) return true;
  const roles = ctx.store.appRoles.get(tenant) ?? [];
  return roles.some((role) => /^mail\.read(write)?$/i.test(role));
}

export function startGraphNotifier(ctx: SandboxContext): { stop(): Promise<void> } {
  // Graph's delivery: 3 s timeout, redelivery with backoff, slow endpoints throttled then dropped.
  const delivery = createGraphDelivery({
    timeScale: () => ctx.pushFaults.deliveryTimeScale,
    extraDelayMs: () => ctx.pushFaults.delayMs,
  });
  const send = (url: string, value: object[]) => delivery.send(url, value);
  const tick = () => {
    const now = ctx.now();
    let hasChanged = false;
    for (const subscription of ctx.store.graphSubscriptions.values()) {
      const mailbox = ctx.store.mailboxes.get(subscription.mailbox);
      if (!mailbox || subscription.expiresAt <= now || mailbox.seq <= subscription.notifiedSeq) continue;
      if (!isStillPermitted(ctx, subscription)) continue;
      const value = collect(ctx, subscription, mailbox);
      hasChanged = true;
      if (value.length > 0) send(subscription.notificationUrl, value);
    }
    if (hasChanged) ctx.persist();
  };
  const timer = setInterval(tick, NOTIFY_TICK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await delivery.stop();
    },
  };
}

/** Sends a lifecycle event for a subscription to its lifecycle URL (control API); answers the app's status. */
export async function sendLifecycleEvent(
  ctx: SandboxContext,
  subscription: GraphSubscription,
  event: GraphLifecycleEvent,
): Promise<number> {
  if (!subscription.lifecycleNotificationUrl) return 0;
  if (event === 'subscriptionRemoved') {
    ctx.store.graphSubscriptions.delete(subscription.id);
    ctx.persist();
  }
  return postNotifications(subscription.lifecycleNotificationUrl, [
    {
      subscriptionId: subscription.id,
      subscriptionExpirationDateTime: new Date(subscription.expiresAt).toISOString(),
      tenantId: TENANT_ID,
      clientState: clientStateFor(ctx, subscription),
      lifecycleEvent: event,
    },
  ]);
}
