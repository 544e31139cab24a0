import type { gmail_v1 } from '@googleapis/gmail';
import { MailError } from '../../core/errors';
import type { GoogleConfig } from '../../core/mail-config';
import { parseMessageIds } from '../../core/mime/address-list';
import { buildMimeMessage } from '../../core/mime/build-mime';
import type { OutgoingMail } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { hasScope } from '../../core/session/scopes';
import { GOOGLE_SCOPES } from './gmail-auth';
import { header } from './gmail-message';
import { gmailCall } from './gmail-request';

type Threading = { threadId: string | null; inReplyTo: string | null; references: string[] };

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
  const messageId = parseMessageIds(header(original.payload, 'Message-ID'))[0] ?? null;
  const references = parseMessageIds(header(original.payload, 'References'));
  if (references.length === 0) references.push(...parseMessageIds(header(original.payload, 'In-Reply-To')));
  if (messageId && !references.includes(messageId)) references.push(messageId);
  return { threadId: original.threadId ?? mail.threadId, inReplyTo: messageId, references };
}

/** users.messages.send with a MIME message; replies carry threadId, In-Reply-To and References. */
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
  const raw = buildMimeMessage({
    from: session.emailAddress,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    html: mail.body,
    inReplyTo: threading.inReplyTo,
    references: threading.references,
  });
  await gmailCall(session, config, '/users/me/messages/send', {
    method: 'POST',
    body: {
      raw: Buffer.from(raw).toString('base64url'),
      ...(threading.threadId ? { threadId: threading.threadId } : {}),
    },
  });
}
