import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestAuth } from '../oauth/authenticate';
import type { Mailbox, StoredMessage } from '../store/types';
import { sendItemNotFound } from './errors';

/** The message addressed by the `:id` route param (REST or immutable id), or a 404 already sent. */
export function findGraphMessage(
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
): { mailbox: Mailbox; message: StoredMessage } | undefined {
  const { mailbox } = requestAuth(request);
  const message = mailbox.byId.get(request.params.id);
  if (!message) {
    sendItemNotFound(reply);
    return undefined;
  }
  return { mailbox, message };
}
