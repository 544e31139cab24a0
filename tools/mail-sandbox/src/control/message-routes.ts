import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { hideFromChanges } from '../store/change-log';
import { removeMessage } from '../store/message-ops';
import { findMailbox, findMessageAnywhere } from '../store/sandbox-store';
import { createControlMessage } from './create-message';
import { sendBadRequest, sendControlError, sendMailboxNotFound } from './errors';
import { parseControlMessage } from './message-input';

/**
 * POST /control/messages delivers mail; DELETE /control/messages/:id removes it for good;
 * POST /control/messages/:id/hide-from-changes loses its changes so far from delta and history.
 */
export function registerControlMessageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/messages', async (request, reply) => {
    const input = parseControlMessage(request.body);
    if (typeof input === 'string') return sendBadRequest(reply, input);
    const mailbox = findMailbox(ctx.store, input.mailbox);
    if (!mailbox) return sendMailboxNotFound(reply, input.mailbox);
    if (input.folder === 'archive' && !mailbox.hasArchive) {
      return sendBadRequest(reply, `${mailbox.address} has no Archive folder.`);
    }
    let original: ReturnType<typeof mailbox.byId.get>;
    if (input.inReplyTo) {
      const key = input.inReplyTo.trim();
      original =
        mailbox.byId.get(key) ??
        mailbox.byInternetMessageId.get(key) ??
        mailbox.byInternetMessageId.get(`<${key}>`);
      if (!original)
        return sendControlError(reply, 404, 'not_found', `No message ${key} in ${mailbox.address}.`);
    }
    const message = createControlMessage(mailbox, input, original, ctx.now());
    ctx.persist();
    return reply.code(201).send({
      id: message.id,
      threadId: message.threadId,
      internetMessageId: message.internetMessageId,
      ...(mailbox.provider === 'office365'
        ? { conversationId: message.threadId, immutableId: message.immutableId }
        : {}),
    });
  });

  app.delete<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const found = findMessageAnywhere(ctx.store, request.params.id);
    if (!found) return sendControlError(reply, 404, 'not_found', `No message ${request.params.id}.`);
    removeMessage(found.mailbox, found.message);
    ctx.persist();
    return reply.code(204).send();
  });

  // A change the provider lost: delta/history never report what happened to the message so far (created,
  // read, moved or deleted); a listing from scratch and a lookup by id still see its current state.
  app.post<{ Params: { id: string } }>('/messages/:id/hide-from-changes', async (request, reply) => {
    const { id } = request.params;
    for (const mailbox of ctx.store.mailboxes.values()) {
      const hidden = hideFromChanges(mailbox, id);
      if (hidden === 0) continue;
      ctx.persist();
      return { ok: true, hidden };
    }
    return sendControlError(reply, 404, 'not_found', `No message ${id}.`);
  });
}
