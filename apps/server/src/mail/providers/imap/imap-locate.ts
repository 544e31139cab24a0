import type { ImapFlow } from 'imapflow';
import { parseMessageIds } from '../../core/mime/address-list';
import type { ImapMessageRef } from './imap-message-id';

/**
 * The UID of the message a reference names in the open mailbox, or null when the folder no longer has it. A
 * header search matches substrings, so the candidates' Message-ID headers are read and compared exactly; the
 * uid form holds only while the folder keeps its UIDVALIDITY.
 */
export async function locateUid(client: ImapFlow, ref: ImapMessageRef): Promise<number | null> {
  const mailbox = client.mailbox;
  if (!mailbox || mailbox.exists === 0) return null;
  if (!('messageId' in ref)) {
    if (String(mailbox.uidValidity) !== ref.uidValidity) return null;
    const found = (await client.search({ uid: String(ref.uid) }, { uid: true })) || [];
    return found.includes(ref.uid) ? ref.uid : null;
  }
  const candidates = await searchMessageId(client, ref.messageId);
  if (candidates.length === 0) return null;
  const rows = await client.fetchAll(candidates, { uid: true, headers: ['message-id'] }, { uid: true });
  const exact = rows
    .filter((row) => {
      const header = row.headers?.toString('utf8').replace(/^message-id:/i, '') ?? '';
      return parseMessageIds(header.trim())[0] === ref.messageId;
    })
    .map((row) => row.uid)
    .sort((a, b) => a - b);
  return exact[0] ?? null;
}

/** How far back the scan goes where a host's header search finds nothing: the folder's newest messages. */
const SCAN_NEWEST = 2_000;

/**
 * UIDs of the open mailbox whose Message-ID header contains `messageId` (a header search matches substrings:
 * callers compare exactly). Some hosts' header search answers nothing or a NO [SERVERBUG] (Yahoo): when it finds
 * nothing, the folder's newest envelopes are read and their Message-IDs compared, so an action or a lookup does
 * not depend on it.
 */
export async function searchMessageId(client: ImapFlow, messageId: string): Promise<number[]> {
  const searched = await client
    .search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })
    .catch(() => false as const);
  if (searched && searched.length > 0) return searched;
  const exists = client.mailbox ? client.mailbox.exists : 0;
  if (exists === 0) return [];
  const from = Math.max(1, exists - SCAN_NEWEST + 1);
  const rows = await client.fetchAll(`${from}:*`, { uid: true, envelope: true });
  return rows
    .filter((row) => parseMessageIds(row.envelope?.messageId ?? '')[0] === messageId)
    .map((row) => row.uid);
}
