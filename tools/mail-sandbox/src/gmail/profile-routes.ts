import type { gmail_v1 } from '@googleapis/gmail';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { sendNotFound } from './errors';
import { labelJson, SYSTEM_LABELS } from './labels';
import { GMAIL_PROFILE, GMAIL_READ, hasGmailScope } from './scopes';

/** users.getProfile and the (system) labels. */
export function registerProfileRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get('/gmail/v1/users/:userId/profile', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_PROFILE)) return reply;
    const { mailbox } = requestAuth(request);
    const profile: gmail_v1.Schema$Profile = {
      emailAddress: mailbox.address,
      messagesTotal: mailbox.liveCount,
      threadsTotal: mailbox.threads.size,
      historyId: String(mailbox.seq),
    };
    return profile;
  });

  app.get('/gmail/v1/users/:userId/labels', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    return { labels: SYSTEM_LABELS.map((id) => labelJson(mailbox, id, false)) };
  });

  app.get<{ Params: { id: string } }>('/gmail/v1/users/:userId/labels/:id', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    if (!(SYSTEM_LABELS as readonly string[]).includes(request.params.id)) return sendNotFound(reply);
    return labelJson(mailbox, request.params.id, true);
  });
}
