import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { gmailLabelIds } from '../store/change-log';
import { fromBase64Any } from '../util/text';
import { sendInvalidArgument } from './errors';
import { GMAIL_SEND, hasGmailScope } from './scopes';
import { sendGmailMessage } from './send-message';

type SendBody = { raw?: unknown; threadId?: unknown } | Buffer | string | undefined;

function send(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  raw: Buffer,
  threadId?: string,
) {
  const { mailbox } = requestAuth(request);
  const result = sendGmailMessage(mailbox, raw, threadId, ctx.now());
  if ('error' in result) return sendInvalidArgument(reply, result.error);
  ctx.persist();
  const { message } = result;
  return { id: message.id, threadId: message.threadId, labelIds: gmailLabelIds(message) };
}

/** messages.send with a base64url `raw` body, and the media-upload variant (message/rfc822 body). */
export function registerSendRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Body: SendBody }>('/gmail/v1/users/:userId/messages/send', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_SEND)) return reply;
    const body = request.body;
    const json = body && typeof body === 'object' && !Buffer.isBuffer(body) ? body : undefined;
    if (typeof json?.raw !== 'string' || json.raw === '') {
      return sendInvalidArgument(
        reply,
        "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
      );
    }
    const threadId = typeof json.threadId === 'string' ? json.threadId : undefined;
    return send(ctx, request, reply, fromBase64Any(json.raw), threadId);
  });

  app.post<{ Body: SendBody }>('/upload/gmail/v1/users/:userId/messages/send', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_SEND)) return reply;
    const body = request.body;
    const raw = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : undefined;
    if (!raw || raw.length === 0)
      return sendInvalidArgument(reply, 'Media upload requires a message/rfc822 body.');
    return send(ctx, request, reply, raw);
  });
}
