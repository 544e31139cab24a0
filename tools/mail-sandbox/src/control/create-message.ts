import { newInternetMessageId } from '../seed/identity';
import { labelsForFolder } from '../store/mailbox';
import { insertMessage } from '../store/message-ops';
import type { AttachmentSpec, FolderKey, Mailbox, StoredMessage } from '../store/types';
import { parseAddress } from '../util/address';
import {
  cryptoIdSource,
  gmailAttachmentId,
  gmailId,
  graphAttachmentId,
  graphConversationId,
  graphImmutableId,
  graphMessageId,
} from '../util/ids';
import { fromBase64Any } from '../util/text';
import type { ControlMessageInput } from './message-input';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

function attachmentsOf(mailbox: Mailbox, input: ControlMessageInput): AttachmentSpec[] {
  return (input.attachments ?? []).map((attachment, index) => {
    const content = attachment.content !== undefined ? fromBase64Any(attachment.content) : undefined;
    const extension = attachment.name.split('.').pop()?.toLowerCase() ?? '';
    return {
      id:
        mailbox.provider === 'gmail' ? gmailAttachmentId(cryptoIdSource) : graphAttachmentId(cryptoIdSource),
      name: attachment.name,
      contentType: attachment.contentType ?? CONTENT_TYPES[extension] ?? 'application/octet-stream',
      size: content?.length ?? attachment.size ?? 48_000,
      isInline: false,
      ...(content ? { content } : {}),
      seed: index + 1,
    };
  });
}

/** Delivers a message into a mailbox (recorded for delta/history); `original` makes it join that thread. */
export function createControlMessage(
  mailbox: Mailbox,
  input: ControlMessageInput,
  original: StoredMessage | undefined,
  now: number,
): StoredMessage {
  const folder: FolderKey = input.folder ?? 'inbox';
  const from = parseAddress(input.from);
  const isGmail = mailbox.provider === 'gmail';
  const receivedAt = input.receivedDateTime ? Date.parse(input.receivedDateTime) : now;
  const id = isGmail ? gmailId(cryptoIdSource, receivedAt) : graphMessageId(cryptoIdSource);
  return insertMessage(
    mailbox,
    {
      id,
      immutableId: isGmail ? id : graphImmutableId(cryptoIdSource),
      threadId: original?.threadId ?? (isGmail ? id : graphConversationId(cryptoIdSource)),
      internetMessageId: newInternetMessageId(cryptoIdSource, from.address),
      subject: input.subject,
      from,
      to: input.to.map(parseAddress),
      cc: (input.cc ?? []).map(parseAddress),
      bcc: [],
      receivedAt,
      sentAt: receivedAt - 2000,
      folder,
      labels: isGmail
        ? [...labelsForFolder(folder), ...(folder === 'inbox' ? ['CATEGORY_PERSONAL'] : [])]
        : [],
      isRead: input.isRead ?? folder === 'sent',
      inReplyTo: original?.internetMessageId,
      references: original ? [...original.references, original.internetMessageId] : [],
      body:
        input.html !== undefined
          ? { kind: 'static', contentType: 'html', content: input.html }
          : { kind: 'static', contentType: 'text', content: input.text ?? '' },
      attachments: attachmentsOf(mailbox, input),
      ...(input.headers ? { customHeaders: input.headers } : {}),
    },
    true,
  );
}
