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
  const candidates =
    (await client.search({ header: { 'message-id': `<${ref.messageId}>` } }, { uid: true })) || [];
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
