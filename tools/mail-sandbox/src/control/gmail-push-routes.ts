import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { noPushFaults, publish } from '../pubsub/pubsub-state';
import { SANDBOX_PUBSUB_TOPIC } from '../pubsub/service-account';
import { findMailbox } from '../store/sandbox-store';
import { sendBadRequest } from './errors';

type Body = { Body: Record<string, unknown> | undefined };

const isShare = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

/** Gmail watch and Pub/Sub on demand: faults on the notifications, a raw message, and what is pending. */
export function registerControlGmailPushRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<Body>('/gmail-push/faults', async (request, reply) => {
    const body = request.body ?? {};
    const faults = ctx.pubsub.faults;
    for (const key of ['dropShare', 'duplicateShare'] as const) {
      if (body[key] === undefined) continue;
      if (!isShare(body[key])) return sendBadRequest(reply, `${key} must be a share between 0 and 1.`);
      faults[key] = body[key];
    }
    if (body.delayMs !== undefined) {
      if (typeof body.delayMs !== 'number' || body.delayMs < 0)
        return sendBadRequest(reply, 'delayMs must be ≥ 0.');
      faults.delayMs = body.delayMs;
    }
    if (body.reorder !== undefined) {
      if (typeof body.reorder !== 'boolean') return sendBadRequest(reply, 'reorder must be a boolean.');
      faults.isReordered = body.reorder;
    }
    if (body.refuseWatch !== undefined) {
      if (!Number.isInteger(body.refuseWatch) || (body.refuseWatch as number) < 0)
        return sendBadRequest(reply, 'refuseWatch must be a count of watch calls.');
      faults.refuseWatchCount = body.refuseWatch as number;
    }
    if (body.hideFromHistory !== undefined) {
      const hide = body.hideFromHistory as { mailbox?: unknown; mode?: unknown } | null;
      const mailbox = typeof hide?.mailbox === 'string' ? findMailbox(ctx.store, hide.mailbox) : undefined;
      if (mailbox?.provider !== 'gmail')
        return sendBadRequest(reply, 'hideFromHistory.mailbox must be a Gmail mailbox.');
      const mode = hide?.mode ?? 'lag';
      if (mode !== 'lag' && mode !== 'skip')
        return sendBadRequest(reply, "hideFromHistory.mode must be 'lag' or 'skip'.");
      faults.hideFromHistory.push({ mailbox: mailbox.address, afterSeq: mailbox.seq, mode });
    }
    return reply.code(201).send({ faults });
  });

  app.delete('/gmail-push/faults', async () => {
    ctx.pubsub.faults = noPushFaults();
    return { ok: true };
  });

  // A raw message on the topic (base64 `data`, as Gmail would publish it, or anything else).
  app.post<Body>('/gmail-push/messages', async (request, reply) => {
    const data = request.body?.data;
    if (typeof data !== 'string') return sendBadRequest(reply, 'data must be a string.');
    publish(ctx.pubsub, SANDBOX_PUBSUB_TOPIC, data, ctx.now(), () => 1);
    return reply.code(201).send({ ok: true });
  });

  app.get('/gmail-push', async () => ({
    subscriptions: [...ctx.pubsub.subscriptions.values()].map((subscription) => ({
      name: subscription.name,
      topic: subscription.topic,
      pending: subscription.pending.length,
    })),
    dropped: ctx.pubsub.dropped,
    watches: [...ctx.store.mailboxes.values()]
      .filter((mailbox) => mailbox.gmailWatch)
      .map((mailbox) => ({ mailbox: mailbox.address, ...mailbox.gmailWatch })),
  }));
}
