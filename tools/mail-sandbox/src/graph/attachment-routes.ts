import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { attachmentContent } from '../seed/attachment-content';
import { sendItemNotFound } from './errors';
import { toGraphAttachment } from './message-json';
import { findGraphMessage } from './message-lookup';
import { parseSelect } from './preferences';
import { hasGraphScope, MAIL_READ } from './scopes';

type Params = { Params: { id: string; attachmentId: string }; Querystring: { $select?: string } };

export function registerAttachmentRoutes(app: FastifyInstance, ctx: SandboxContext, base: string): void {
  app.get<{ Params: { id: string }; Querystring: { $select?: string } }>(
    `${base}/messages/:id/attachments`,
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

  app.get<Params>(`${base}/messages/:id/attachments/:attachmentId`, async (request, reply) => {
    const found = findAttachment(request, reply);
    if (!found) return reply;
    return toGraphAttachment(found.message, found.attachment, parseSelect(request.query.$select));
  });

  app.get<Params>(`${base}/messages/:id/attachments/:attachmentId/$value`, async (request, reply) => {
    const found = findAttachment(request, reply);
    if (!found) return reply;
    return reply.type(found.attachment.contentType).send(attachmentContent(found.attachment));
  });
}

/** The attachment a request names, with its message; or null with the error already sent (scope, 404). */
function findAttachment(request: FastifyRequest<Params>, reply: FastifyReply) {
  if (!hasGraphScope(request, reply, MAIL_READ)) return null;
  const found = findGraphMessage(request, reply);
  if (!found) return null;
  const attachment = found.message.attachments.find(
    (candidate) => candidate.id === request.params.attachmentId,
  );
  if (!attachment) {
    sendItemNotFound(reply);
    return null;
  }
  return { message: found.message, attachment };
}
