import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { googleErrorBody, sendGoogleError, sendInvalidArgument } from './errors';
import { SYSTEM_LABELS } from './labels';
import { GMAIL_READ, hasGmailScope } from './scopes';

/** A watch lives 7 days; Google asks to call watch again (daily) before then. */
export const WATCH_LIFETIME_MS = 7 * 24 * 60 * 60_000;
const TOPIC_NAME = /^projects\/[a-z][a-z0-9-]{4,28}[a-z0-9]\/topics\/[A-Za-z][\w.~+%-]{2,254}$/;

type WatchBody = {
  topicName?: unknown;
  labelIds?: unknown;
  labelFilterBehavior?: unknown;
  labelFilterAction?: unknown;
};

/** users.watch and users.stop: notifications of the mailbox's history published to a Pub/Sub topic. */
export function registerWatchRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Body: WatchBody | undefined }>('/gmail/v1/users/:userId/watch', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const body = request.body ?? {};
    if (ctx.pubsub.faults.refuseWatchCount > 0) {
      ctx.pubsub.faults.refuseWatchCount--;
      return sendGoogleError(
        reply,
        googleErrorBody(403, 'PERMISSION_DENIED', 'User not authorized to perform this action.', {
          reason: 'forbidden',
        }),
      );
    }
    const topicName = typeof body.topicName === 'string' ? body.topicName : '';
    if (!TOPIC_NAME.test(topicName)) {
      return sendInvalidArgument(
        reply,
        `Invalid topicName does not match projects/SOME-ANDROID-PROJECT/topics/* (topicName=${topicName})`,
      );
    }
    if (!ctx.pubsub.topics.has(topicName)) {
      return sendGoogleError(
        reply,
        googleErrorBody(404, 'NOT_FOUND', `Resource not found (resource=${topicName.split('/').pop()}).`, {
          reason: 'notFound',
        }),
      );
    }
    const labelIds = body.labelIds ?? [];
    if (!Array.isArray(labelIds) || !labelIds.every((id) => typeof id === 'string')) {
      return sendInvalidArgument(reply, 'Invalid value at labelIds');
    }
    const unknown = labelIds.find((id) => !(SYSTEM_LABELS as readonly string[]).includes(id));
    if (unknown !== undefined) return sendInvalidArgument(reply, `Invalid label: ${unknown}`);
    const behavior = body.labelFilterBehavior ?? body.labelFilterAction ?? 'include';
    if (behavior !== 'include' && behavior !== 'exclude') {
      return sendInvalidArgument(reply, `Invalid value at 'label_filter_behavior' (${String(behavior)})`);
    }
    const expiration = ctx.now() + WATCH_LIFETIME_MS;
    mailbox.gmailWatch = {
      topicName,
      labelIds,
      labelFilterBehavior: behavior,
      expiration,
      // A renewal keeps what was already considered; a new watch starts from now.
      notifiedSeq: mailbox.gmailWatch?.notifiedSeq ?? mailbox.seq,
      lastPublishedAt: mailbox.gmailWatch?.lastPublishedAt ?? 0,
    };
    ctx.persist();
    return { historyId: String(mailbox.seq), expiration: String(expiration) };
  });

  app.post('/gmail/v1/users/:userId/stop', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    delete mailbox.gmailWatch;
    ctx.persist();
    return reply.code(204).send();
  });
}
