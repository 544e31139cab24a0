import type { gmail_v1 } from '@googleapis/gmail';
import { MailError } from '../../core/errors';
import type { GoogleConfig } from '../../core/mail-config';
import { parseMessageIds } from '../../core/mime/address-list';
import { type ReplyThreading, replyThreading } from '../../core/mime/reply-threading';
import { buildSendableMime } from '../../core/mime/send-identity';
import type { OutgoingMail } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { hasScope } from '../../core/session/scopes';
import { sendOnce } from '../../core/transport/send-once';
import { GOOGLE_SCOPES } from './gmail-auth';
import { header } from './gmail-message';
import { gmailCall } from './gmail-request';
import { isInGmailSent } from './gmail-sent-lookup';

type Threading = ReplyThreading & { threadId: string | null };

/** The original's Message-ID, References and thread, so the answer joins its conversation in Gmail. */
async function threadingOf(
  session: MailSession,
  config: GoogleConfig,
  mail: OutgoingMail,
): Promise<Threading> {
  if (mail.replyType === 'new' || !mail.originalMessageId) {
    return { threadId: mail.replyType === 'new' ? null : mail.threadId, inReplyTo: null, references: [] };
  }
  const original = await gmailCall<gmail_v1.Schema$Message>(
    session,
    config,
    `/users/me/messages/${encodeURIComponent(mail.originalMessageId)}`,
    { query: { format: 'metadata', metadataHeaders: ['Message-ID', 'References', 'In-Reply-To'] } },
  );
  return {
    threadId: original.threadId ?? mail.threadId,
    ...replyThreading({
      messageId: parseMessageIds(header(original.payload, 'Message-ID'))[0] ?? null,
      references: parseMessageIds(header(original.payload, 'References')),
      inReplyTo: parseMessageIds(header(original.payload, 'In-Reply-To')),
    }),
  };
}

/**
 * users.messages.send with a MIME message; replies carry threadId, In-Reply-To and References. The message
 * carries our identity, and a send whose answer was lost is looked for in SENT instead of being posted again
 * (decision 029).
 */
export async function gmailSend(
  session: MailSession,
  config: GoogleConfig,
  mail: OutgoingMail,
): Promise<void> {
  const scopes = session.scopes;
  if (scopes && scopes.length > 0 && !GOOGLE_SCOPES.some((scope) => hasScope(scopes, scope))) {
    throw new MailError('missing_scope', 'INSUFFICIENT_PERMISSIONS: gmail.send was not granted.');
  }
  const threading = await threadingOf(session, config, mail);
  const { raw } = buildSendableMime(session.emailAddress, mail, threading);
  await sendOnce({
    mayHaveBeenSent: mail.mayHaveBeenSent,
    post: async () => {
      await gmailCall(session, config, '/users/me/messages/send', {
        method: 'POST',
        isIdempotent: false,
        body: {
          raw: Buffer.from(raw).toString('base64url'),
          ...(threading.threadId ? { threadId: threading.threadId } : {}),
        },
      });
    },
    isSent: () => isInGmailSent(session, config, mail),
    ...(session.deadline === undefined ? {} : { deadline: session.deadline }),
  });
}
