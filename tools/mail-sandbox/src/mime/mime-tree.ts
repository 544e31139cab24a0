import { attachmentContent } from '../seed/attachment-content';
import { renderBody } from '../seed/render-body';
import type { AttachmentSpec, Mailbox, StoredMessage } from '../store/types';
import { formatAddress } from '../util/address';
import { hashString } from '../util/prng';
import { htmlToText } from '../util/text';
import { formatRfc2822Date } from './encoding';

export type MimeHeader = { name: string; value: string };

export type MimeNode = {
  mimeType: string;
  headers: MimeHeader[];
  filename: string;
  /** Leaf content (decoded). Absent on multiparts. */
  data?: () => Buffer;
  attachment?: AttachmentSpec;
  boundary?: string;
  parts?: MimeNode[];
};

/**
 * The MIME structure Gmail would store for the message: text (or text+HTML alternative), wrapped in
 * multipart/related for inline images and multipart/mixed for attachments. Gmail payloads and raw
 * RFC 822 (Gmail format=raw, Graph $value) are both rendered from it.
 */
export function buildMimeTree(mailbox: Mailbox, message: StoredMessage): MimeNode {
  const body = renderBody(message);
  const boundarySeed = hashString(message.immutableId);
  let boundaryIndex = 0;
  const boundary = (): string =>
    `000000000000${(boundarySeed + boundaryIndex++).toString(16).padStart(8, '0')}05f${message.serial.toString(16)}`;
  const text = textLeaf('text/plain', body.contentType === 'html' ? htmlToText(body.content) : body.content);
  let root: MimeNode =
    body.contentType === 'html'
      ? multipart('multipart/alternative', boundary(), [text, textLeaf('text/html', body.content)])
      : text;
  const inline = message.attachments.filter((attachment) => attachment.isInline);
  const files = message.attachments.filter((attachment) => !attachment.isInline);
  if (inline.length > 0)
    root = multipart('multipart/related', boundary(), [root, ...inline.map(attachmentLeaf)]);
  if (files.length > 0) root = multipart('multipart/mixed', boundary(), [root, ...files.map(attachmentLeaf)]);
  root.headers = [...messageHeaders(mailbox, message), ...root.headers];
  return root;
}

function messageHeaders(mailbox: Mailbox, message: StoredMessage): MimeHeader[] {
  const isOutgoing = message.from.address === mailbox.address;
  const headers: MimeHeader[] = [];
  if (!isOutgoing) headers.push({ name: 'Delivered-To', value: mailbox.address });
  headers.push(
    { name: 'MIME-Version', value: '1.0' },
    { name: 'Date', value: formatRfc2822Date(message.sentAt) },
    { name: 'Message-ID', value: message.internetMessageId },
    { name: 'Subject', value: message.subject },
    { name: 'From', value: formatAddress(message.from) },
    { name: 'To', value: message.to.map(formatAddress).join(', ') },
  );
  if (message.cc.length > 0) headers.push({ name: 'Cc', value: message.cc.map(formatAddress).join(', ') });
  if (isOutgoing && message.bcc.length > 0) {
    headers.push({ name: 'Bcc', value: message.bcc.map(formatAddress).join(', ') });
  }
  if (message.inReplyTo) headers.push({ name: 'In-Reply-To', value: message.inReplyTo });
  if (message.references.length > 0)
    headers.push({ name: 'References', value: message.references.join(' ') });
  for (const header of message.customHeaders ?? []) headers.push({ name: header.name, value: header.value });
  return headers;
}

function multipart(mimeType: string, boundary: string, parts: MimeNode[]): MimeNode {
  return {
    mimeType,
    headers: [{ name: 'Content-Type', value: `${mimeType}; boundary="${boundary}"` }],
    filename: '',
    boundary,
    parts,
  };
}

function textLeaf(mimeType: string, content: string): MimeNode {
  return {
    mimeType,
    headers: [
      { name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` },
      { name: 'Content-Transfer-Encoding', value: 'quoted-printable' },
    ],
    filename: '',
    data: () => Buffer.from(content, 'utf8'),
  };
}

function attachmentLeaf(attachment: AttachmentSpec): MimeNode {
  const disposition = attachment.isInline ? 'inline' : 'attachment';
  const headers: MimeHeader[] = [
    { name: 'Content-Type', value: `${attachment.contentType}; name="${attachment.name}"` },
    { name: 'Content-Disposition', value: `${disposition}; filename="${attachment.name}"` },
    { name: 'Content-Transfer-Encoding', value: 'base64' },
  ];
  if (attachment.contentId) headers.push({ name: 'Content-ID', value: `<${attachment.contentId}>` });
  headers.push({ name: 'X-Attachment-Id', value: attachment.contentId ?? `f_${attachment.id.slice(6, 16)}` });
  return {
    mimeType: attachment.contentType,
    headers,
    filename: attachment.name,
    data: () => attachmentContent(attachment),
    attachment,
  };
}
