import { parseRfc822 } from '../mime/rfc822-parse';
import { newInternetMessageId } from '../seed/identity';
import { insertMessage } from '../store/message-ops';
import type { AttachmentSpec, Mailbox, StoredMessage } from '../store/types';
import { parseAddress, parseAddressList } from '../util/address';
import { cryptoIdSource, gmailAttachmentId, gmailId } from '../util/ids';
import { referencedMessageIds, threadToJoin } from './thread-join';

export type SendResult = { message: StoredMessage } | { error: string };

/** messages.send: parses the RFC 822 message, applies Gmail's threading rule and stores it as SENT. */
export function sendGmailMessage(
  mailbox: Mailbox,
  raw: Buffer,
  requestedThreadId: string | undefined,
  now: number,
): SendResult {
  const mail = parseRfc822(raw);
  const to = parseAddressList(mail.headers.get('to'));
  const cc = parseAddressList(mail.headers.get('cc'));
  const bcc = parseAddressList(mail.headers.get('bcc'));
  if (to.length + cc.length + bcc.length === 0) return { error: 'Recipient address required' };
  const subject = mail.headers.get('subject') ?? '';
  const inReplyTo = mail.headers.get('in-reply-to')?.trim() || undefined;
  const references = referencedMessageIds(undefined, mail.headers.get('references'));
  const id = gmailId(cryptoIdSource, now);
  const threadId =
    threadToJoin(
      mailbox,
      requestedThreadId,
      referencedMessageIds(inReplyTo, mail.headers.get('references')),
      subject,
    ) ?? id;
  const fromHeader = mail.headers.get('from');
  const declared = fromHeader ? parseAddress(fromHeader) : undefined;
  // Gmail always sends as the authenticated account (aliases aside) and assigns its own Message-ID.
  const from = {
    name: declared?.address === mailbox.address ? declared.name : mailbox.displayName,
    address: mailbox.address,
  };
  const attachments: AttachmentSpec[] = mail.attachments.map((attachment) => ({
    id: gmailAttachmentId(cryptoIdSource),
    name: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.content.length,
    isInline: attachment.isInline,
    ...(attachment.contentId ? { contentId: attachment.contentId } : {}),
    content: attachment.content,
    seed: 0,
  }));
  const isToSelf = [...to, ...cc, ...bcc].some((address) => address.address === mailbox.address);
  const message = insertMessage(
    mailbox,
    {
      id,
      immutableId: id,
      threadId,
      internetMessageId: newInternetMessageId(cryptoIdSource, 'sender@mail.gmail.com').replace('<', '<CA+'),
      subject,
      from,
      to,
      cc,
      bcc,
      receivedAt: now,
      sentAt: now,
      folder: isToSelf ? 'inbox' : 'sent',
      labels: isToSelf ? ['SENT', 'INBOX'] : ['SENT'],
      isRead: !isToSelf,
      inReplyTo,
      references,
      body:
        mail.html !== undefined
          ? { kind: 'static', contentType: 'html', content: mail.html }
          : { kind: 'static', contentType: 'text', content: mail.text ?? '' },
      attachments,
      customHeaders: customHeaders(mail.headers),
    },
    true,
  );
  return { message };
}

/** X- headers survive sending, as on Gmail (names re-capitalised: the parser lower-cases them). */
function customHeaders(headers: Map<string, string>): { name: string; value: string }[] {
  return [...headers]
    .filter(([name]) => name.startsWith('x-'))
    .map(([name, value]) => ({
      name: name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`),
      value,
    }));
}
