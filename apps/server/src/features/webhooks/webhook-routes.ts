import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { parseInput } from '../../http/parse-input';
import {
  GRAPH_LIFECYCLE_PATH,
  GRAPH_WEBHOOK_PATH,
  handleGraphLifecycle,
  handleGraphNotifications,
} from '../../mail';
import {
  GRAPH_MAX_NOTIFICATIONS,
  graphLifecycleNotificationsSchema,
  graphNotificationsSchema,
  graphWebhookQuerySchema,
} from './graph-notification-schema';
import { createSourceRateLimit } from './source-rate-limit';

/** Bodies from the internet: Graph's batches are a few KB; anything near this is not Graph. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/**
 * Notifications per source address (decision 030): Graph delivers from a few addresses, in batches of up to
 * GRAPH_MAX_NOTIFICATIONS; a full batch always fits the burst.
 */
const RATE = { perSecond: 1000, burst: 2 * GRAPH_MAX_NOTIFICATIONS };

/** The validation handshake: the token back as plain text, within Graph's 10 seconds (nothing else runs). */
const echo = (reply: FastifyReply, token: string) =>
  reply.code(200).type('text/plain; charset=utf-8').send(token);

/** An empty body (the handshake's) reads as null; anything else must be the documented JSON. */
const orNull =
  <S extends z.ZodType>(schema: S) =>
  (body: unknown): z.infer<S> | null =>
    body === undefined || body === null || body === '' ? null : parseInput(schema, body);

/**
 * Microsoft Graph change notifications and lifecycle events (decision 021). Public: Graph has no session; the
 * clientState of each notification is its proof. Answered 202 after one lookup for the post and a queue insert
 * per verified mailbox; nothing syncs in the request, and what is ignored is only counted (decision 030). Graph calls carry no Origin, so the same-origin guard lets them by and still
 * refuses a browser's cross-site post.
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const limit = createSourceRateLimit(RATE);
  const tally = app.webhookIntake;
  // The engine handles what the route has checked (mail/push/graph-notifications.ts); this file is only HTTP.
  const intake = () => ({ deps: app.mail, fleet: app.syncFleet, tally });
  const common = {
    method: 'POST',
    auth: 'public',
    query: graphWebhookQuerySchema,
    bodyLimit: WEBHOOK_BODY_LIMIT,
    beforeInput: (request: FastifyRequest) => {
      if (limit.isAllowed(request.ip)) return;
      tally.refusePost();
      throw new AppError(429, 'rate_limited', 'Too many notifications from this address.');
    },
  } as const;
  const noBody = () => new AppError(400, 'bad_request', 'The request body is empty.');

  defineRoute(
    app,
    {
      ...common,
      path: GRAPH_WEBHOOK_PATH,
      summary: 'Microsoft Graph change notifications (and the validation handshake).',
      body: graphNotificationsSchema.nullable(),
      parseBody: orNull(graphNotificationsSchema),
    },
    async ({ request, reply, query, body }) => {
      if (query.validationToken !== undefined) return echo(reply, query.validationToken);
      if (!body) throw noBody();
      limit.charge(request.ip, body.value.length);
      await handleGraphNotifications(intake(), body.value);
      return reply.code(202).send();
    },
  );

  defineRoute(
    app,
    {
      ...common,
      path: GRAPH_LIFECYCLE_PATH,
      summary: 'Microsoft Graph lifecycle notifications (and the validation handshake).',
      body: graphLifecycleNotificationsSchema.nullable(),
      parseBody: orNull(graphLifecycleNotificationsSchema),
    },
    async ({ request, reply, query, body }) => {
      if (query.validationToken !== undefined) return echo(reply, query.validationToken);
      if (!body) throw noBody();
      limit.charge(request.ip, body.value.length);
      await handleGraphLifecycle(intake(), body.value);
      return reply.code(202).send();
    },
  );
}
