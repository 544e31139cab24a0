import type { EmailAddress, EmailInThread } from '@ledgerdesk/domain/entities';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { FetchMessageObject } from 'imapflow';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { parseMessageIds } from '../../core/mime/address-list';
import type { SyncedMessage } from '../../core/provider';
import { formatMessageRef } from './imap-message-id';

/** Messages larger than this are read partly (headers and the first bytes of the body): metadata only. */
export const FULL_SOURCE_LIMIT = 2 * 1024 * 1024;
export const PARTIAL_SOURCE_BYTES = 256 * 1024;

/** What a sync fetches of each message: flags, dates, structure, and the source (cut for huge ones). */
export const SYNC_FETCH = {
  uid: true,
  flags: true,
  internalDate: true,
  size: true,
  bodyStructure: true,
} as const;

export type ParsedImapMessage = { fetched: FetchMessageObject; parsed: ParsedMail };

/** Parses a fetched source with mailparser; broken MIME yields what could be read, never a throw. */
export async function parseFetched(fetched: FetchMessageObject): Promise<ParsedImapMessage> {
  const source = fetched.source ?? Buffer.alloc(0);
  try {
    return { fetched, parsed: await simpleParser(source, { skipImageLinks: true }) };
  } catch {
    return { fetched, parsed: await simpleParser(Buffer.from(source.toString('latin1'), 'latin1')) };
  }
}

function addresses(value: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const out: EmailAddress[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) walk(entry.group);
      else if (entry.address) out.push({ name: entry.name ?? '', address: entry.address });
    }
  };
  for (const item of list) walk(item.value);
  return out;
}

function headerText(parsed: ParsedMail, name: string): string | null {
  const value = parsed.headers.get(name);
  if (value == null) return null;
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * A header's value as written (unfolded). mailparser files every `List-*` header under one `list` object and
 * never under its own name, so List-Id and List-Unsubscribe are read from the raw header lines.
 */
function rawHeader(parsed: ParsedMail, name: string): string | null {
  const line = parsed.headerLines.find((header) => header.key === name)?.line;
  if (line === undefined) return null;
  const value = line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
  return value || null;
}

/** References then In-Reply-To, oldest first, without angle brackets (no duplicates). */
function referencesOf(parsed: ParsedMail): string[] {
  const references = [...parseMessageIds(headerText(parsed, 'references'))];
  for (const id of parseMessageIds(headerText(parsed, 'in-reply-to')))
    if (!references.includes(id)) references.push(id);
  return references;
}

export function messageIdOf(parsed: ParsedMail): string | null {
  return parseMessageIds(parsed.messageId ?? null)[0] ?? null;
}

function hasAttachments(message: ParsedImapMessage): boolean {
  if (message.parsed.attachments.some((attachment) => attachment.contentDisposition !== 'inline'))
    return true;
  // A message read partly may have lost its attachment parts: the structure still names them.
  const structure = JSON.stringify(message.fetched.bodyStructure ?? {});
  return /"disposition":"attachment"/i.test(structure);
}

function receivedAt(message: ParsedImapMessage): string {
  const internal = message.fetched.internalDate;
  const date = internal ? new Date(internal) : (message.parsed.date ?? new Date(0));
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}

/** The message's provider id in a folder (imap-message-id.ts). */
export function messageRefId(message: ParsedImapMessage, folder: SyncFolder, uidValidity: bigint): string {
  const messageId = messageIdOf(message.parsed);
  return messageId
    ? formatMessageRef({ folder, messageId })
    : formatMessageRef({ folder, uidValidity: String(uidValidity), uid: message.fetched.uid });
}

/** A fetched IMAP message as the sync engine stores it; the thread is the root of its References (RFC 5256 REFS). */
export function toSyncedMessage(
  message: ParsedImapMessage,
  folder: SyncFolder,
  uidValidity: bigint,
): SyncedMessage {
  const { parsed } = message;
  const references = referencesOf(parsed);
  const internetMessageId = messageIdOf(parsed);
  const id = messageRefId(message, folder, uidValidity);
  return {
    id,
    threadId: references[0] ?? internetMessageId ?? id,
    internetMessageId,
    subject: parsed.subject ?? '',
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    receivedAt: receivedAt(message),
    isRead: message.fetched.flags?.has('\\Seen') ?? false,
    folder,
    bodyText: parsed.text ?? '',
    hasAttachments: hasAttachments(message),
    references,
    automation: {
      listUnsubscribe: rawHeader(parsed, 'list-unsubscribe'),
      listId: rawHeader(parsed, 'list-id'),
      autoSubmitted: headerText(parsed, 'auto-submitted'),
      precedence: headerText(parsed, 'precedence'),
    },
  };
}

/** A fetched IMAP message as the spec's email object. */
export function toEmailInThread(message: ParsedImapMessage, id: string): EmailInThread {
  const { parsed } = message;
  const html = typeof parsed.html === 'string' ? parsed.html : null;
  return {
    id,
    subject: parsed.subject ?? '',
    from: addresses(parsed.from)[0] ?? { name: '', address: '' },
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    bcc: addresses(parsed.bcc),
    receivedDateTime: receivedAt(message),
    body:
      html !== null
        ? { content: html, contentType: 'html' }
        : { content: parsed.text ?? '', contentType: 'text' },
    hasAttachments: hasAttachments(message),
    attachments: parsed.attachments
      .filter((attachment) => attachment.contentDisposition !== 'inline')
      .map((attachment, index) => ({
        id: String(index),
        name: attachment.filename ?? '',
        size: attachment.size,
      })),
    isRead: message.fetched.flags?.has('\\Seen') ?? false,
    status: 'available',
  };
}
