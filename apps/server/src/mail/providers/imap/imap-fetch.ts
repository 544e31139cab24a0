import { createHash } from 'node:crypto';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import {
  FULL_SOURCE_LIMIT,
  PARTIAL_SOURCE_BYTES,
  type ParsedImapMessage,
  parseFetched,
  SYNC_FETCH,
} from './imap-message';

/**
 * Flags, dates, size and structure of messages of the open mailbox by UID, and their envelope when asked (to name
 * a message before its source is downloaded): no source.
 */
export function fetchHeads(
  client: ImapFlow,
  uids: readonly number[],
  withEnvelope = false,
): Promise<FetchMessageObject[]> {
  if (uids.length === 0) return Promise.resolve([]);
  return client.fetchAll([...uids], withEnvelope ? { ...SYNC_FETCH, envelope: true } : SYNC_FETCH, {
    uid: true,
  });
}

/**
 * Downloads the fetched heads' sources and parses them, oldest first. A message over FULL_SOURCE_LIMIT is read
 * partly (headers and the body's first bytes): a 50 MB attachment is never downloaded by a sync.
 */
export async function parseWithSources(
  client: ImapFlow,
  heads: readonly FetchMessageObject[],
): Promise<ParsedImapMessage[]> {
  const small = heads.filter((head) => (head.size ?? 0) <= FULL_SOURCE_LIMIT).map((head) => head.uid);
  const large = heads.filter((head) => (head.size ?? 0) > FULL_SOURCE_LIMIT).map((head) => head.uid);
  const sources = new Map<number, Buffer>();
  if (small.length > 0)
    for (const message of await client.fetchAll(small, { uid: true, source: true }, { uid: true }))
      if (message.source) sources.set(message.uid, message.source);
  if (large.length > 0) {
    const partial = { uid: true, source: { start: 0, maxLength: PARTIAL_SOURCE_BYTES } };
    for (const message of await client.fetchAll(large, partial, { uid: true }))
      if (message.source) sources.set(message.uid, message.source);
  }
  const sorted = [...heads].sort((a, b) => a.uid - b.uid);
  return Promise.all(sorted.map((head) => parseFetched({ ...head, source: sources.get(head.uid) })));
}

/** Fetches and parses messages of the open mailbox by UID, oldest first (parseWithSources). */
export async function fetchParsed(client: ImapFlow, uids: readonly number[]): Promise<ParsedImapMessage[]> {
  return parseWithSources(client, await fetchHeads(client, uids));
}

/** UIDs of the open mailbox from `from` on (IMAP's `n:*` also answers the last message when n is past it). */
export async function uidsFrom(client: ImapFlow, from: number, exists: number): Promise<number[]> {
  if (exists === 0) return [];
  const uids = (await client.search({ uid: `${from}:*` }, { uid: true })) || [];
  return uids.filter((uid) => uid >= from).sort((a, b) => a - b);
}

/**
 * A digest of the UIDs below `uidNext` and their read state: where the server has no CONDSTORE, a changed
 * digest tells that a flag changed or a message was expunged since the cursor was taken.
 */
export async function flagsDigest(client: ImapFlow, uidNext: number, exists: number): Promise<string> {
  const hash = createHash('sha256');
  if (exists > 0 && uidNext > 1) {
    const rows = await client.fetchAll(`1:${uidNext - 1}`, { uid: true, flags: true }, { uid: true });
    rows.sort((a, b) => a.uid - b.uid);
    for (const row of rows)
      if (row.uid < uidNext) hash.update(`${row.uid}:${row.flags?.has('\\Seen') ? 1 : 0};`);
  }
  return hash.digest('hex');
}
