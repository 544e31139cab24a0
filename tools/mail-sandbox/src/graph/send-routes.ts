import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import type { Address } from '../util/address';
import { sendBadRequest } from './errors';
import { findGraphMessage } from './message-lookup';
import { isInputError, parseGraphMessage } from './outgoing-input';
import { replyHtml, replySubject } from './reply-body';
import { hasGraphScope, MAIL_SEND } from './scopes';
import { sendGraphMessage } from './send-message';

type SendBody = { Body: { message?: unknown; saveToSentItems?: unknown } | undefined };
type ReplyBody = { Params: { id: string }; Body: { comment?: unknown; message?: unknown } | undefined };

/** Recipients for a reply: the owner left out, each address once. */
function withoutOwner(addresses: Address[], owner: string): Address[] {
  const seen = new Set<string>([owner]);
  return addresses.filter((address) => {
    if (seen.has(address.address)) return false;
    seen.add(address.address);
    return true;
  });
}

/** sendMail, reply and replyAll; all answer 202 Accepted with no body, as Graph does. */
export function registerSendRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<SendBody>('/v1.0/me/sendMail', async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_SEND)) return reply;
    const { mailbox } = requestAuth(request);
    const input = parseGraphMessage(request.body?.message);
    if (isInputError(input)) return sendBadRequest(reply, input.message, input.code);
    const to = input.toRecipients ?? [];
    const cc = input.ccRecipients ?? [];
    const bcc = input.bccRecipients ?? [];
    if (to.length + cc.length + bcc.length === 0) {
      return sendBadRequest(reply, "At least one recipient isn't valid.", 'ErrorInvalidRecipients');
    }
    sendGraphMessage(
      mailbox,
      {
        subject: input.subject ?? '',
        body: input.body ?? { contentType: 'text', content: '' },
        to,
        cc,
        bcc,
        attachments: input.attachments,
        ...(input.headers ? { headers: input.headers } : {}),
        references: [],
        saveToSentItems: request.body?.saveToSentItems !== false && request.body?.saveToSentItems !== 'false',
      },
      ctx.now(),
    );
    ctx.persist();
    return reply.code(202).send();
  });

  for (const action of ['reply', 'replyAll'] as const) {
    app.post<ReplyBody>(`/v1.0/me/messages/:id/${action}`, async (request, reply) => {
      if (!hasGraphScope(request, reply, MAIL_SEND)) return reply;
      const found = findGraphMessage(request, reply);
      if (!found) return reply;
      const { mailbox, message: original } = found;
      const input =
        request.body?.message === undefined ? { attachments: [] } : parseGraphMessage(request.body.message);
      if (isInputError(input)) return sendBadRequest(reply, input.message, input.code);
      const isOwn = original.from.address === mailbox.address;
      const defaultTo = isOwn ? original.to : [original.from, ...(action === 'replyAll' ? original.to : [])];
      const comment = typeof request.body?.comment === 'string' ? request.body.comment : '';
      sendGraphMessage(
        mailbox,
        {
          subject: input.subject ?? replySubject(original.subject),
          body: input.body ?? { contentType: 'html', content: replyHtml(comment, original) },
          to: input.toRecipients ?? withoutOwner(defaultTo, mailbox.address),
          cc: input.ccRecipients ?? (action === 'replyAll' ? withoutOwner(original.cc, mailbox.address) : []),
          bcc: input.bccRecipients ?? [],
          attachments: input.attachments,
          ...(input.headers ? { headers: input.headers } : {}),
          conversationId: original.threadId,
          inReplyTo: original.internetMessageId,
          references: [...original.references, original.internetMessageId],
          saveToSentItems: true,
        },
        ctx.now(),
      );
      ctx.persist();
      return reply.code(202).send();
    });
  }
}
