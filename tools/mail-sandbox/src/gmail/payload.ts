import type { gmail_v1 } from '@googleapis/gmail';
import type { MimeNode } from '../mime/mime-tree';

/** A MIME tree as Gmail's MessagePart: text bodies inline (base64url), attachments by attachmentId. */
export function toGmailPayload(node: MimeNode, partId = ''): gmail_v1.Schema$MessagePart {
  const part: gmail_v1.Schema$MessagePart = {
    partId,
    mimeType: node.mimeType,
    filename: node.filename,
    headers: node.headers.map((header) => ({ name: header.name, value: header.value })),
  };
  if (node.parts) {
    part.body = { size: 0 };
    part.parts = node.parts.map((child, index) =>
      toGmailPayload(child, partId === '' ? String(index) : `${partId}.${index}`),
    );
  } else if (node.attachment) {
    part.body = { attachmentId: node.attachment.id, size: node.attachment.size };
  } else {
    const data = node.data?.() ?? Buffer.alloc(0);
    part.body = { size: data.length, data: data.toString('base64url') };
  }
  return part;
}
