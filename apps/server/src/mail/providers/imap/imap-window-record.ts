import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { parseMessageIds } from '../../core/mime/address-list';
import { messageIdOf, type ParsedImapMessage } from './imap-message';
import { formatMessageRef } from './imap-message-id';

/**
 * One message of the sync window as a folder's cursor remembers it (decision 039): its UID, its Message-ID (null:
 * the message is named by its UID), whether it was `\Seen`, and the day of its internal date (days since 1970),
 * so that it leaves the record when it leaves the window.
 */
export type KnownMessage = [uid: number, messageId: string | null, seen: 0 | 1, day: number];

/** What the id-and-flags pass found: the record still there, the ids gone, the UIDs whose read state changed. */
export type WindowPass = { known: KnownMessage[]; gone: string[]; flagChanged: number[] };

const DAY_MS = 86_400_000;

function dayOf(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

function entryOf(head: FetchMessageObject, messageId: string | null): KnownMessage {
  const internal = head.internalDate;
  const date = internal ? new Date(internal) : new Date();
  return [
    head.uid,
    messageId,
    head.flags?.has('\\Seen') ? 1 : 0,
    Number.isNaN(date.getTime()) ? dayOf(new Date()) : dayOf(date),
  ];
}

/** A downloaded message as the record keeps it. */
export function knownOf(message: ParsedImapMessage): KnownMessage {
  return entryOf(message.fetched, messageIdOf(message.parsed));
}

/** A message fetched with its envelope only, as the record keeps it (its Message-ID from the envelope). */
export function knownOfHead(head: FetchMessageObject): KnownMessage {
  return entryOf(head, parseMessageIds(head.envelope?.messageId ?? null)[0] ?? null);
}

/** The provider id a remembered message had (imap-message-id.ts). */
export function idOfKnown(entry: KnownMessage, folder: SyncFolder, uidValidity: string): string {
  const [uid, messageId] = entry;
  return messageId ? formatMessageRef({ folder, messageId }) : formatMessageRef({ folder, uidValidity, uid });
}

/** A UID set in ranges (`1:4,7,9:12`): a window of a thousand messages is a short command, not 7 KB of numbers. */
export function uidSet(uids: readonly number[]): string {
  const sorted = [...new Set(uids)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = sorted[0];
  let end = start;
  for (const uid of [...sorted.slice(1), Number.NaN]) {
    if (end !== undefined && uid === end + 1) {
      end = uid;
      continue;
    }
    if (start !== undefined && end !== undefined) parts.push(start === end ? `${start}` : `${start}:${end}`);
    start = uid;
    end = uid;
  }
  return parts.join(',');
}

/**
 * The record with the fetched messages written in (new ones added, read states refreshed), less what left the
 * window. A day of slack keeps a message at the window's edge, whose day the server's SEARCH SINCE may count in
 * another time zone.
 */
export function mergeKnown(
  known: readonly KnownMessage[],
  added: readonly KnownMessage[],
  since: Date,
): KnownMessage[] {
  const byUid = new Map(known.map((entry) => [entry[0], entry]));
  for (const entry of added) byUid.set(entry[0], entry);
  const first = dayOf(since) - 1;
  return [...byUid.values()].filter((entry) => entry[3] >= first).sort((a, b) => a[0] - b[0]);
}

/**
 * The id-and-flags pass over the window: one `UID FETCH <the record's UIDs> (UID FLAGS)`. A remembered UID the
 * server no longer answers was expunged (moved or deleted): its id is gone, unless another message of the folder
 * still carries the same Message-ID. A changed `\Seen` names a message to read again. No source is downloaded.
 */
export async function passOverWindow(
  client: ImapFlow,
  known: readonly KnownMessage[],
  folder: SyncFolder,
  uidValidity: string,
): Promise<WindowPass> {
  if (known.length === 0) return { known: [], gone: [], flagChanged: [] };
  const rows = await client.fetchAll(
    uidSet(known.map(([uid]) => uid)),
    { uid: true, flags: true },
    { uid: true },
  );
  const seenNow = new Map(rows.map((row) => [row.uid, row.flags?.has('\\Seen') ? 1 : 0]));
  const kept: KnownMessage[] = [];
  const goneEntries: KnownMessage[] = [];
  const flagChanged: number[] = [];
  for (const entry of known) {
    const seen = seenNow.get(entry[0]);
    if (seen === undefined) {
      goneEntries.push(entry);
      continue;
    }
    if (seen !== entry[2]) flagChanged.push(entry[0]);
    kept.push([entry[0], entry[1], seen === 1 ? 1 : 0, entry[3]]);
  }
  const keptIds = new Set(kept.map((entry) => idOfKnown(entry, folder, uidValidity)));
  const gone = [...new Set(goneEntries.map((entry) => idOfKnown(entry, folder, uidValidity)))].filter(
    (id) => !keptIds.has(id),
  );
  return { known: kept, gone, flagChanged };
}
