import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { type GraphLifecycleEvent, sendLifecycleEvent } from '../push/graph-notifier';
import { subscriptionJson } from '../push/graph-subscription';
import { createPushFaults } from '../push/push-faults';
import { normalizeAddress } from '../store/sandbox-store';
import { sendBadRequest, sendControlError } from './errors';

type Body = { Body: Record<string, unknown> | undefined };

const LIFECYCLE_EVENTS: readonly GraphLifecycleEvent[] = [
  'reauthorizationRequired',
  'subscriptionRemoved',
  'missed',
];
const isShare = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= -1;

/** Graph change notifications: subscriptions, their faults, and lifecycle events on demand. */
export function registerControlPushRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/graph/subscriptions', async () => ({
    subscriptions: [...ctx.store.graphSubscriptions.values()].map((item) => ({
      ...subscriptionJson(item),
      mailbox: item.mailbox,
    })),
  }));

  app.get('/graph/push-faults', async () => ctx.pushFaults);

  // Sets any of: dropShare, duplicateShare (0..1), delayMs, reorder, forgeClientState (count),
  // refuseSubscriptions (count, -1 until cleared), deliveryTimeScale (0 < x <= 1: Graph's redelivery and
  // throttling schedule scaled down for tests). Fields left out keep their value.
  app.post<Body>('/graph/push-faults', async (request, reply) => {
    const body = request.body ?? {};
    const faults = ctx.pushFaults;
    if (body.dropShare !== undefined && !isShare(body.dropShare))
      return sendBadRequest(reply, 'dropShare must be between 0 and 1.');
    if (body.duplicateShare !== undefined && !isShare(body.duplicateShare))
      return sendBadRequest(reply, 'duplicateShare must be between 0 and 1.');
    if (
      body.delayMs !== undefined &&
      !(typeof body.delayMs === 'number' && body.delayMs >= 0 && body.delayMs <= 600_000)
    )
      return sendBadRequest(reply, 'delayMs must be 0..600000.');
    if (
      body.deliveryTimeScale !== undefined &&
      !(
        typeof body.deliveryTimeScale === 'number' &&
        body.deliveryTimeScale > 0 &&
        body.deliveryTimeScale <= 1
      )
    )
      return sendBadRequest(reply, 'deliveryTimeScale must be above 0 and at most 1.');
    if (body.reorder !== undefined && typeof body.reorder !== 'boolean')
      return sendBadRequest(reply, 'reorder must be a boolean.');
    for (const key of ['forgeClientState', 'refuseSubscriptions'] as const) {
      if (body[key] !== undefined && !isCount(body[key]))
        return sendBadRequest(reply, `${key} must be a count.`);
    }
    if (body.dropShare !== undefined) faults.dropShare = body.dropShare as number;
    if (body.duplicateShare !== undefined) faults.duplicateShare = body.duplicateShare as number;
    if (body.delayMs !== undefined) faults.delayMs = body.delayMs as number;
    if (body.reorder !== undefined) faults.shouldReorder = body.reorder as boolean;
    if (body.deliveryTimeScale !== undefined) faults.deliveryTimeScale = body.deliveryTimeScale as number;
    if (body.forgeClientState !== undefined) faults.forgeClientState = body.forgeClientState as number;
    if (body.refuseSubscriptions !== undefined)
      faults.refuseSubscriptions = body.refuseSubscriptions as number;
    return reply.code(201).send(faults);
  });

  // New messages whose notification a fault dropped, either provider (the bench's faults row leaves them out).
  app.get('/push-faults/dropped', async () => ({ messages: ctx.droppedNotices }));

  app.delete('/push-faults/dropped', async () => {
    ctx.droppedNotices.length = 0;
    return { ok: true };
  });

  app.delete('/graph/push-faults', async () => {
    Object.assign(ctx.pushFaults, createPushFaults());
    return { ok: true };
  });

  // { event, mailbox? | subscriptionId? }: the event is posted to each matching subscription's lifecycle URL.
  app.post<Body>('/graph/lifecycle', async (request, reply) => {
    const { event, mailbox, subscriptionId } = request.body ?? {};
    if (!LIFECYCLE_EVENTS.includes(event as GraphLifecycleEvent))
      return sendBadRequest(reply, `event must be one of ${LIFECYCLE_EVENTS.join(', ')}.`);
    const address = typeof mailbox === 'string' ? normalizeAddress(mailbox) : null;
    const targets = [...ctx.store.graphSubscriptions.values()].filter(
      (item) =>
        (address === null || item.mailbox === address) &&
        (subscriptionId === undefined || item.id === subscriptionId),
    );
    if (targets.length === 0) return sendControlError(reply, 404, 'not_found', 'No matching subscription.');
    const statuses = [];
    for (const target of targets) {
      statuses.push(await sendLifecycleEvent(ctx, target, event as GraphLifecycleEvent));
    }
    return { sent: targets.length, statuses };
  });
}
