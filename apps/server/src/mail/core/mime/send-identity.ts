import type { OutgoingMail } from '../provider';
import { buildMimeMessage } from './build-mime';
import type { ReplyThreading } from './reply-threading';

/** The header that carries our identity of a sent message (decision 029); providers keep X- headers. */
export const SEND_ID_HEADER = 'X-Ledgerdesk-Send-Id';

/** Our Message-ID for a send: the identity at the sender's domain. */
export function sendMessageId(sendId: string, fromAddress: string): string {
  const domain = fromAddress.includes('@') ? fromAddress.slice(fromAddress.lastIndexOf('@') + 1) : '';
  return `ledgerdesk.${sendId}@${domain.replace(/[^a-zA-Z0-9.-]/g, '') || 'ledgerdesk.invalid'}`;
}

/** A built message with our Message-ID and identity header in front (buildMimeMessage sets neither). */
export function withSendIdentity(raw: string, identity: { messageId: string; sendId: string }): string {
  return `Message-ID: <${identity.messageId}>\r\n${SEND_ID_HEADER}: ${identity.sendId}\r\n${raw}`;
}

/** The whole message a send hands over as raw MIME (Gmail, SMTP): its identity, threading and body. */
export function buildSendableMime(
  from: string,
  mail: OutgoingMail,
  threading: ReplyThreading,
): { raw: string; messageId: string } {
  const messageId = sendMessageId(mail.sendId, from);
  const raw = buildMimeMessage({
    from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    html: mail.body,
    inReplyTo: threading.inReplyTo,
    references: threading.references,
  });
  return { raw: withSendIdentity(raw, { messageId, sendId: mail.sendId }), messageId };
}
