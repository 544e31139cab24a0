import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { buildMimeTree } from '../mime/mime-tree';
import { writeRfc822 } from '../mime/rfc822-write';
import { moveMessage, removeMessage, updateMessage } from '../store/message-ops';
import { cryptoIdSource, graphMessageId } from '../util/ids';
import { sendBadRequest, sendItemNotFound } from './errors';
import { resolveFolder } from './folders';
import { toGraphMessage } from './message-json';
import { findGraphMessage } from './message-lookup';
import { graphView } from './preferences';
import { hasGraphScope, MAIL_READ, MAIL_WRITE } from './scopes';

type IdParams = { Params: { id: string } };

/** Single-message operations: get, update (isRead), delete, move, MIME content. */
export function registerMessageRoutes(app: FastifyInstance, ctx: SandboxContext, base: string): void {
  app.get<IdParams>(`${base}/messages/:id`, async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    const found = findGraphMessage(request, reply);
    if (!found) return reply;
    return toGraphMessage(found.mailbox, found.message, graphView(request, reply));
  });

  app.get<IdParams>(`${base}/messages/:id/$value`, async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    const found = findGraphMessage(request, reply);
    if (!found) return reply;
    return reply.type('text/plain').send(writeRfc822(buildMimeTree(found.mailbox, found.message)));
  });

  app.patch<IdParams & { Body: { isRead?: unknown } | undefined }>(
    `${base}/messages/:id`,
    async (request, reply) => {
      if (!hasGraphScope(request, reply, MAIL_WRITE)) return reply;
      const found = findGraphMessage(request, reply);
      if (!found) return reply;
      const isRead = request.body?.isRead;
      if (isRead !== undefined && typeof isRead !== 'boolean') {
        return sendBadRequest(reply, "Invalid value for property 'isRead'.", 'ErrorInvalidProperty');
      }
      updateMessage(found.mailbox, found.message, isRead === undefined ? {} : { isRead });
      ctx.persist();
      return toGraphMessage(found.mailbox, found.message, graphView(request, reply));
    },
  );

  // Like Outlook, DELETE moves the message to Deleted Items; deleting from there removes it for good.
  app.delete<IdParams>(`${base}/messages/:id`, async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_WRITE)) return reply;
    const found = findGraphMessage(request, reply);
    if (!found) return reply;
    if (found.message.folder === 'trash') removeMessage(found.mailbox, found.message);
    else moveMessage(found.mailbox, found.message, 'trash', graphMessageId(cryptoIdSource));
    ctx.persist();
    return reply.code(204).send();
  });

  app.post<IdParams & { Body: { destinationId?: unknown } | undefined }>(
    `${base}/messages/:id/move`,
    async (request, reply) => {
      if (!hasGraphScope(request, reply, MAIL_WRITE)) return reply;
      const found = findGraphMessage(request, reply);
      if (!found) return reply;
      const destinationId = request.body?.destinationId;
      if (typeof destinationId !== 'string' || destinationId === '') {
        return sendBadRequest(reply, 'The destinationId parameter is required.', 'ErrorInvalidIdMalformed');
      }
      const folder = resolveFolder(found.mailbox, destinationId);
      if (!folder) return sendItemNotFound(reply);
      // The REST id changes on every move, as in Exchange; only the immutable id survives.
      if (folder !== found.message.folder) {
        moveMessage(found.mailbox, found.message, folder, graphMessageId(cryptoIdSource));
        ctx.persist();
      }
      return reply.code(201).send(toGraphMessage(found.mailbox, found.message, graphView(request, reply)));
    },
  );
}
