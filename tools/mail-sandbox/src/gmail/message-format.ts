import type { gmail_v1 } from '@googleapis/gmail';
import { buildMimeTree } from '../mime/mime-tree';
import { writeRfc822 } from '../mime/rfc822-write';
import { renderBody } from '../seed/render-body';
import { gmailLabelIds } from '../store/change-log';
import type { Mailbox, StoredMessage } from '../store/types';
import { collapseWhitespace, escapeHtml, htmlToText } from '../util/text';
import { toGmailPayload } from './payload';

export type GmailFormat = 'full' | 'metadata' | 'minimal' | 'raw';

export function parseFormat(value: unknown): GmailFormat | undefined {
  if (value === undefined || value === '') return 'full';
  return value === 'full' || value === 'metadata' || value === 'minimal' || value === 'raw'
    ? value
    : undefined;
}

/** Gmail snippets are ~200 characters of text, HTML-escaped (clients see `&#39;` and friends). */
export function snippetOf(message: StoredMessage): string {
  const body = renderBody(message);
  const text = body.contentType === 'html' ? htmlToText(body.content) : body.content;
  return escapeHtml(collapseWhitespace(text).slice(0, 200));
}

function sizeEstimate(message: StoredMessage): number {
  const files = message.attachments.reduce((sum, attachment) => sum + Math.ceil(attachment.size * 1.37), 0);
  return (
    1800 +
    message.subject.length +
    files +
    (message.body.kind === 'static' ? message.body.content.length * 2 : 2400)
  );
}

/** messages.get in the requested format (full, metadata with optional header filter, minimal, raw). */
export function formatGmailMessage(
  mailbox: Mailbox,
  message: StoredMessage,
  format: GmailFormat,
  metadataHeaders: readonly string[] = [],
): gmail_v1.Schema$Message {
  const out: gmail_v1.Schema$Message = {
    id: message.id,
    threadId: message.threadId,
    labelIds: gmailLabelIds(message),
    snippet: snippetOf(message),
  };
  if (format === 'full' || format === 'metadata') {
    const tree = buildMimeTree(mailbox, message);
    if (format === 'full') out.payload = toGmailPayload(tree);
    else {
      const wanted = new Set(metadataHeaders.map((name) => name.toLowerCase()));
      out.payload = {
        partId: '',
        mimeType: tree.mimeType,
        filename: '',
        headers: tree.headers
          .filter((header) => wanted.size === 0 || wanted.has(header.name.toLowerCase()))
          .map((header) => ({ name: header.name, value: header.value })),
      };
    }
  }
  out.sizeEstimate = sizeEstimate(message);
  out.historyId = String(message.changeSeq);
  out.internalDate = String(message.receivedAt);
  if (format === 'raw') out.raw = writeRfc822(buildMimeTree(mailbox, message)).toString('base64url');
  return out;
}

export function messageRef(message: StoredMessage): gmail_v1.Schema$Message {
  return { id: message.id, threadId: message.threadId };
}
