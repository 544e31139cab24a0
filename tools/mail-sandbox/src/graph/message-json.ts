import type { FileAttachment, Message, Recipient } from '@microsoft/microsoft-graph-types';
import { attachmentContent } from '../seed/attachment-content';
import { renderBody } from '../seed/render-body';
import type { AttachmentSpec, Mailbox, StoredMessage } from '../store/types';
import type { Address } from '../util/address';
import { collapseWhitespace, htmlToText } from '../util/text';
import { internetMessageHeaders } from './message-headers';
import type { GraphView } from './preferences';

export type GraphMessageJson = Message & { '@odata.etag'?: string; '@odata.type'?: string };
export type GraphAttachmentJson = FileAttachment & {
  '@odata.type': string;
  '@odata.mediaContentType'?: string;
};

const iso = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export function recipient(address: Address): Recipient {
  return { emailAddress: { name: address.name, address: address.address } };
}

export function changeKey(message: StoredMessage): string {
  return `CQAAABYAAAD${Buffer.from(`sandbox${message.changeSeq}`).toString('base64').replace(/=+$/, '')}`;
}

export function messageIdFor(message: StoredMessage, view: Pick<GraphView, 'isImmutable'>): string {
  return view.isImmutable ? message.immutableId : message.id;
}

/** A Graph message resource; only `$select`ed properties (plus id and etag) when $select is given. */
export function toGraphMessage(mailbox: Mailbox, message: StoredMessage, view: GraphView): GraphMessageJson {
  const want = (name: string): boolean => !view.select || view.select.has(name.toLowerCase());
  const key = changeKey(message);
  const json: GraphMessageJson = { '@odata.etag': `W/"${key}"`, id: messageIdFor(message, view) };
  if (want('createdDateTime')) json.createdDateTime = iso(message.receivedAt);
  if (want('lastModifiedDateTime'))
    json.lastModifiedDateTime = iso(Math.max(message.receivedAt, message.modifiedAt));
  if (want('changeKey')) json.changeKey = key;
  if (want('categories')) json.categories = [];
  if (want('receivedDateTime')) json.receivedDateTime = iso(message.receivedAt);
  if (want('sentDateTime')) json.sentDateTime = iso(message.sentAt);
  // As on Graph, inline images do not count as attachments here.
  if (want('hasAttachments'))
    json.hasAttachments = message.attachments.some((attachment) => !attachment.isInline);
  if (want('internetMessageId')) json.internetMessageId = message.internetMessageId;
  if (want('subject')) json.subject = message.subject;
  const needsBody = want('body') || want('bodyPreview');
  const body = needsBody ? renderBody(message) : undefined;
  if (body && want('bodyPreview')) {
    const text = body.contentType === 'html' ? htmlToText(body.content) : body.content;
    json.bodyPreview = collapseWhitespace(text).slice(0, 255);
  }
  if (want('importance')) json.importance = 'normal';
  if (want('parentFolderId')) json.parentFolderId = mailbox.folderIds[message.folder];
  if (want('conversationId')) json.conversationId = message.threadId;
  if (want('conversationIndex'))
    json.conversationIndex = Buffer.from(message.threadId.slice(6, 28)).toString('base64');
  if (want('isDeliveryReceiptRequested')) json.isDeliveryReceiptRequested = false;
  if (want('isReadReceiptRequested')) json.isReadReceiptRequested = false;
  if (want('isRead')) json.isRead = message.isRead;
  if (want('isDraft')) json.isDraft = false;
  if (want('webLink')) {
    json.webLink = `https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(json.id ?? '')}&exvsurl=1&viewmodel=ReadMessageItem`;
  }
  if (want('inferenceClassification')) json.inferenceClassification = 'focused';
  if (body && want('body')) {
    json.body =
      view.prefersText && body.contentType === 'html'
        ? { contentType: 'text', content: htmlToText(body.content) }
        : { contentType: body.contentType, content: body.content };
  }
  if (want('sender')) json.sender = recipient(message.sender ?? message.from);
  if (want('from')) json.from = recipient(message.from);
  if (want('toRecipients')) json.toRecipients = message.to.map(recipient);
  if (want('ccRecipients')) json.ccRecipients = message.cc.map(recipient);
  if (want('bccRecipients')) json.bccRecipients = message.bcc.map(recipient);
  if (want('replyTo')) json.replyTo = [];
  if (want('flag')) json.flag = { flagStatus: 'notFlagged' };
  // Graph only returns internetMessageHeaders when explicitly selected.
  if (view.select?.has('internetmessageheaders'))
    json.internetMessageHeaders = internetMessageHeaders(mailbox, message);
  if (view.expandAttachments)
    json.attachments = message.attachments.map((a) => toGraphAttachment(message, a));
  return json;
}

export function toGraphAttachment(
  message: StoredMessage,
  attachment: AttachmentSpec,
  select?: Set<string>,
): GraphAttachmentJson {
  const want = (name: string): boolean => !select || select.has(name.toLowerCase());
  const json: GraphAttachmentJson = {
    '@odata.type': '#microsoft.graph.fileAttachment',
    '@odata.mediaContentType': attachment.contentType,
    id: attachment.id,
  };
  if (want('lastModifiedDateTime')) json.lastModifiedDateTime = iso(message.receivedAt);
  if (want('name')) json.name = attachment.name;
  if (want('contentType')) json.contentType = attachment.contentType;
  if (want('size')) json.size = attachment.size;
  if (want('isInline')) json.isInline = attachment.isInline;
  if (want('contentId')) json.contentId = attachment.contentId ?? null;
  if (want('contentLocation')) json.contentLocation = null;
  if (want('contentBytes')) json.contentBytes = attachmentContent(attachment).toString('base64');
  return json;
}
