import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { hasAnyScope } from '../oauth/providers';
import { findMailbox } from '../store/sandbox-store';
import type { Mailbox, SharedDelegate } from '../store/types';
import type { Address } from '../util/address';
import { sendBadRequest, sendGraphError } from './errors';
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

const ACCESS_DENIED = 'Access is denied. Check credentials and try again.';
const SEND_AS_DENIED =
  'The user account which was used to submit this request does not have the right to send mail on behalf of the specified sending account. Cannot submit message.';

type Sending = { sender?: Address; from?: Address } | { status: 403; code: string; message: string };

/** Send As: no sender shown; Send on behalf: the delegate as `sender`; neither: 403 ErrorSendAsDenied. */
function sendRight(delegate: SharedDelegate | undefined, user: Mailbox): Sending {
  if (delegate?.sendAs) return {};
  if (delegate?.sendOnBehalf) return { sender: { name: user.displayName, address: user.address } };
  return { status: 403, code: 'ErrorSendAsDenied', message: SEND_AS_DENIED };
}

/**
 * Who sends, as Exchange decides ("Send Outlook messages from another user"). Through `/users/{shared}/…` the
 * delegate works in the shared mailbox itself, which needs Full Access besides Send As or Send on behalf.
 * Through `/me` with `from` naming another mailbox, the token needs Mail.Send.Shared and the user Send As or
 * Send on behalf on that mailbox — no Full Access; the copy is filed in the user's own Sent Items.
 */
function resolveSending(ctx: SandboxContext, request: FastifyRequest, from: Address | undefined): Sending {
  const { delegate, signedIn, mailbox, scopes } = requestAuth(request);
  if (delegate && signedIn) {
    if (delegate.access !== 'full') return { status: 403, code: 'ErrorAccessDenied', message: ACCESS_DENIED };
    return sendRight(delegate, signedIn);
  }
  if (!from || from.address === mailbox.address) return {};
  if (!hasAnyScope(scopes, ['Mail.Send.Shared']))
    return { status: 403, code: 'ErrorAccessDenied', message: ACCESS_DENIED };
  const target = findMailbox(ctx.store, from.address);
  const right = sendRight(target?.shared?.delegates[mailbox.address], mailbox);
  if ('status' in right || !target)
    return { status: 403, code: 'ErrorSendAsDenied', message: SEND_AS_DENIED };
  return { ...right, from: { name: target.displayName, address: target.address } };
}

/** sendMail, reply and replyAll; all answer 202 Accepted with no body, as Graph does. */
export function registerSendRoutes(app: FastifyInstance, ctx: SandboxContext, base: string): void {
  app.post<SendBody>(`${base}/sendMail`, async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_SEND)) return reply;
    const { mailbox } = requestAuth(request);
    const input = parseGraphMessage(request.body?.message);
    if (isInputError(input)) return sendBadRequest(reply, input.message, input.code);
    const sender = resolveSending(ctx, request, input.from);
    if ('status' in sender) return sendGraphError(reply, sender.status, sender.code, sender.message);
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
        ...(input.extendedProperties ? { extendedProperties: input.extendedProperties } : {}),
        references: [],
        ...sender,
        saveToSentItems: request.body?.saveToSentItems !== false && request.body?.saveToSentItems !== 'false',
      },
      ctx.now(),
    );
    ctx.persist();
    return reply.code(202).send();
  });

  for (const action of ['reply', 'replyAll'] as const) {
    app.post<ReplyBody>(`${base}/messages/:id/${action}`, async (request, reply) => {
      if (!hasGraphScope(request, reply, MAIL_SEND)) return reply;
      const found = findGraphMessage(request, reply);
      if (!found) return reply;
      const { mailbox, message: original } = found;
      const input =
        request.body?.message === undefined ? { attachments: [] } : parseGraphMessage(request.body.message);
      if (isInputError(input)) return sendBadRequest(reply, input.message, input.code);
      const sender = resolveSending(ctx, request, input.from);
      if ('status' in sender) return sendGraphError(reply, sender.status, sender.code, sender.message);
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
          ...(input.extendedProperties ? { extendedProperties: input.extendedProperties } : {}),
          conversationId: original.threadId,
          inReplyTo: original.internetMessageId,
          references: [...original.references, original.internetMessageId],
          ...sender,
          saveToSentItems: true,
        },
        ctx.now(),
      );
      ctx.persist();
      return reply.code(202).send();
    });
  }
}
