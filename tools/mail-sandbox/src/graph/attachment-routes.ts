import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { attachmentContent } from '../seed/attachment-content';
import { sendItemNotFound } from './errors';
import { toGraphAttachment } from './message-json';
import { findGraphMessage } from './message-lookup';
import { parseSelect } from './preferences';
import { hasGraphScope, MAIL_READ } from './scopes';

type Params = { Params: { id: string; attachmentId: string }; Querystring: { $select?: string } };

export function registerAttachmentRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { id: string }; Querystring: { $select?: string } }>(
    '/v1.0/me/messages/:id/attachments',
    async (request, reply) => {
      if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
      const found = findGraphMessage(request, reply);
      if (!found) return reply;
      const select = parseSelect(request.query.$select);
      return {
        '@odata.context': `${ctx.publicUrl()}/graph/v1.0/$metadata#users('${found.mailbox.userId}')/messages('${request.params.id}')/attachments`,
        value: found.message.attachments.map((attachment) =>
          toGraphAttachment(found.message, attachment, select),
        ),
      };
    },
  );

  app.get<Params>('/v1.0/me/messages/:id/attachments/:attachmentId', async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    const found = findGraphMessage(request, reply);
    if (!found) return reply;
    const attachment = found.message.attachments.find(
      (candidate) => candidate.id === request.params.attachmentId,
    );
    if (!attachment) return sendItemNotFound(reply);
    return toGraphAttachment(found.message, attachment, parseSelect(request.query.$select));
  });

  app.get<Params>('/v1.0/me/messages/:id/attachments/:attachmentId/$value', async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    const found = findGraphMessage(request, reply);
    if (!found) return reply;
    const attachment = found.message.attachments.find(
      (candidate) => candidate.id === request.params.attachmentId,
    );
    if (!attachment) return sendItemNotFound(reply);
    return reply.type(attachment.contentType).send(attachmentContent(attachment));
  });
}
