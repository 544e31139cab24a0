import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { googleErrorBody, sendGoogleError, unauthenticatedBody } from '../gmail/errors';
import { holdPull } from './hold-pull';
import { acknowledge } from './pubsub-state';

type Body = Record<string, unknown> | undefined;
const MAX_PULL_MESSAGES = 1000;

const sendError = (reply: FastifyReply, code: number, status: string, message: string) =>
  sendGoogleError(reply, googleErrorBody(code, status, message, { reason: status.toLowerCase() }));

/**
 * Pub/Sub REST v1 for the sandbox's pull subscription (registered under /pubsub):
 * `POST /v1/projects/{project}/subscriptions/{name}:pull` (a long poll: see hold-pull.ts) and `:acknowledge`,
 * with a service account's token.
 */
export async function pubsubRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    const token = /^Bearer\s+(.+)$/i.exec(_request.headers.authorization ?? '')?.[1] ?? '';
    const expiresAt = ctx.pubsub.accessTokens.get(token);
    if (expiresAt === undefined || expiresAt <= ctx.now())
      return sendGoogleError(reply, unauthenticatedBody());
  });

  app.post<{ Params: { project: string; action: string }; Body: Body }>(
    '/v1/projects/:project/subscriptions/:action',
    async (request, reply) => {
      const [subscriptionId, verb] = request.params.action.split(':');
      const name = `projects/${request.params.project}/subscriptions/${subscriptionId}`;
      const subscription = ctx.pubsub.subscriptions.get(name);
      if (!subscription)
        return sendError(reply, 404, 'NOT_FOUND', `Resource not found (resource=${subscriptionId}).`);
      const body = request.body ?? {};
      if (verb === 'pull') {
        const max = body.maxMessages;
        if (typeof max !== 'number' || !Number.isInteger(max) || max <= 0) {
          return sendError(reply, 400, 'INVALID_ARGUMENT', 'max_messages must be a positive integer.');
        }
        const receivedMessages = await holdPull(
          ctx,
          subscription,
          Math.min(max, MAX_PULL_MESSAGES),
          body.returnImmediately === true,
        );
        // Pub/Sub answers an empty pull with an empty object.
        return receivedMessages.length > 0 ? { receivedMessages } : {};
      }
      if (verb === 'acknowledge') {
        const ackIds = body.ackIds;
        if (!Array.isArray(ackIds) || ackIds.length === 0 || !ackIds.every((id) => typeof id === 'string')) {
          return sendError(reply, 400, 'INVALID_ARGUMENT', 'No ack ids specified.');
        }
        acknowledge(subscription, ackIds);
        return {};
      }
      return sendError(reply, 404, 'NOT_FOUND', 'Not Found');
    },
  );
}
