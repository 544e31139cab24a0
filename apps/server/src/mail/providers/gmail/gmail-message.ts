import type { gmail_v1 } from '@googleapis/gmail';
import type { EmailAttachment, EmailInThread } from '@ledgerdesk/domain/entities';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { parseAddress, parseAddressList, parseMessageIds } from '../../core/mime/address-list';
import type { SyncedMessage } from '../../core/provider';

type Part = gmail_v1.Schema$MessagePart;

/** The synced folder of a Gmail message by its labels: Inbox, Sent, else archived (All Mail); none for trash, spam, drafts. */
export function folderFromLabels(labels: readonly string[]): SyncFolder | null {
  if (labels.includes('TRASH') || labels.includes('SPAM')) return null;
  if (labels.includes('INBOX')) return 'inbox';
  if (labels.includes('SENT')) return 'sent';
  if (labels.includes('DRAFT')) return null;
  return 'archive';
}

/** A header value (case-insensitive name); Gmail hands them out already decoded. */
export function header(part: Part | undefined, name: string): string | null {
  const lower = name.toLowerCase();
  return part?.headers?.find((candidate) => candidate.name?.toLowerCase() === lower)?.value ?? null;
}

function decode(part: Part): string {
  const data = part.body?.data;
  if (!data) return '';
  const bytes = Buffer.from(data, 'base64url');
  const charset = /charset="?([^";\s]+)"?/i.exec(header(part, 'Content-Type') ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function walk(part: Part | undefined, visit: (part: Part) => void): void {
  if (!part) return;
  visit(part);
  for (const child of part.parts ?? []) walk(child, visit);
}

function isAttachment(part: Part): boolean {
  if (!part.filename || !part.body?.attachmentId) return false;
  const disposition = header(part, 'Content-Disposition') ?? '';
  // Inline images referenced by cid: belong to the body, as Graph's isInline ones do.
  return !(/^\s*inline/i.test(disposition) && header(part, 'Content-ID'));
}

/** The body parts (HTML and plain text, first of each) and the attachments of a message. */
export function messageParts(payload: Part | undefined): {
  html: string | null;
  text: string | null;
  attachments: EmailAttachment[];
} {
  let html: string | null = null;
  let text: string | null = null;
  const attachments: EmailAttachment[] = [];
  walk(payload, (part) => {
    if (isAttachment(part)) {
      attachments.push({
        id: part.body?.attachmentId ?? '',
        name: part.filename ?? '',
        size: part.body?.size ?? 0,
      });
      return;
    }
    if (part.filename) return;
    if (part.mimeType === 'text/html' && html === null) html = decode(part);
    else if (part.mimeType === 'text/plain' && text === null) text = decode(part);
  });
  return { html, text, attachments };
}

function receivedAt(message: gmail_v1.Schema$Message): string {
  const internal = Number(message.internalDate);
  if (Number.isFinite(internal) && internal > 0) return new Date(internal).toISOString();
  const date = Date.parse(header(message.payload, 'Date') ?? '');
  return new Date(Number.isNaN(date) ? 0 : date).toISOString();
}

/** A Gmail message (format=full) as the sync engine stores it. */
export function toSyncedMessage(message: gmail_v1.Schema$Message): SyncedMessage {
  const labels = message.labelIds ?? [];
  const payload = message.payload;
  const parts = messageParts(payload);
  const references = [...parseMessageIds(header(payload, 'References'))];
  for (const id of parseMessageIds(header(payload, 'In-Reply-To')))
    if (!references.includes(id)) references.push(id);
  return {
    id: message.id ?? '',
    threadId: message.threadId ?? null,
    internetMessageId: parseMessageIds(header(payload, 'Message-ID'))[0] ?? null,
    subject: header(payload, 'Subject') ?? '',
    from: parseAddress(header(payload, 'From') ?? ''),
    to: parseAddressList(header(payload, 'To')),
    cc: parseAddressList(header(payload, 'Cc')),
    receivedAt: receivedAt(message),
    isRead: !labels.includes('UNREAD'),
    folder: folderFromLabels(labels),
    bodyText: parts.text ?? parts.html ?? message.snippet ?? '',
    hasAttachments: parts.attachments.length > 0,
    references,
    automation: {
      listUnsubscribe: header(payload, 'List-Unsubscribe') ?? null,
      listId: header(payload, 'List-Id') ?? null,
      autoSubmitted: header(payload, 'Auto-Submitted') ?? null,
      precedence: header(payload, 'Precedence') ?? null,
    },
  };
}

/** A Gmail message (format=full) as the spec's email object. */
export function toEmailInThread(message: gmail_v1.Schema$Message): EmailInThread {
  const payload = message.payload;
  const parts = messageParts(payload);
  const labels = message.labelIds ?? [];
  return {
    id: message.id ?? '',
    subject: header(payload, 'Subject') ?? '',
    from: parseAddress(header(payload, 'From') ?? '') ?? { name: '', address: '' },
    to: parseAddressList(header(payload, 'To')),
    cc: parseAddressList(header(payload, 'Cc')),
    bcc: parseAddressList(header(payload, 'Bcc')),
    receivedDateTime: receivedAt(message),
    body:
      parts.html !== null
        ? { content: parts.html, contentType: 'html' }
        : { content: parts.text ?? '', contentType: 'text' },
    hasAttachments: parts.attachments.length > 0,
    attachments: parts.attachments,
    isRead: !labels.includes('UNREAD'),
    status: labels.includes('TRASH') ? 'deleted' : 'available',
  };
}
