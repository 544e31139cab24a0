import type { EmailInThread } from '@ledgerdesk/domain/entities';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { ImapFlow } from 'imapflow';
import { parseMessageIds } from '../../core/mime/address-list';
import type { ListIdsInput, SyncedMessage } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { ProviderError } from '../../core/transport/provider-error';
import { withImap } from './imap-client';
import { fetchParsed } from './imap-fetch';
import { findFolders } from './imap-folders';
import { searchMessageId } from './imap-locate';
import { messageRefId, type ParsedImapMessage, toEmailInThread, toSyncedMessage } from './imap-message';
import { formatMessageRef, type ImapMessageRef, parseMessageRef } from './imap-message-id';

/** The UID a reference names in the open mailbox, or null when the folder no longer has the message. */
export async function findUid(client: ImapFlow, ref: ImapMessageRef): Promise<number | null> {
  const mailbox = client.mailbox;
  if (!mailbox) return null;
  if (!('messageId' in ref)) return String(mailbox.uidValidity) === ref.uidValidity ? ref.uid : null;
  if (mailbox.exists === 0) return null;
  const uids = await searchMessageId(client, ref.messageId);
  return uids.sort((a, b) => a - b)[0] ?? null;
}

/** Opens each folder the ids name once and reads the messages still there. */
async function readRefs(
  client: ImapFlow,
  ids: readonly string[],
): Promise<Map<string, { folder: SyncFolder; message: ParsedImapMessage; uidValidity: bigint } | null>> {
  const found = new Map<
    string,
    { folder: SyncFolder; message: ParsedImapMessage; uidValidity: bigint } | null
  >();
  const paths = await findFolders(client);
  const byFolder = new Map<SyncFolder, { id: string; ref: ImapMessageRef }[]>();
  for (const id of ids) {
    const ref = parseMessageRef(id);
    found.set(id, null);
    if (!ref) continue;
    byFolder.set(ref.folder, [...(byFolder.get(ref.folder) ?? []), { id, ref }]);
  }
  for (const [folder, refs] of byFolder) {
    const path = paths[folder];
    if (!path) continue;
    const box = await client.mailboxOpen(path, { readOnly: true });
    const uidOf = new Map<number, string>();
    for (const { id, ref } of refs) {
      const uid = await findUid(client, ref);
      if (uid !== null) uidOf.set(uid, id);
    }
    for (const message of await fetchParsed(client, [...uidOf.keys()])) {
      const id = uidOf.get(message.fetched.uid);
      // A header search matches substrings: keep only the message whose id is the one asked for.
      if (id && messageRefId(message, folder, box.uidValidity) === id)
        found.set(id, { folder, message, uidValidity: box.uidValidity });
    }
  }
  return found;
}

export function lookupImapMessages(
  session: MailSession,
  ids: readonly string[],
): Promise<Map<string, SyncedMessage | null>> {
  return withImap(session, async (client) => {
    const result = new Map<string, SyncedMessage | null>();
    for (const [id, entry] of await readRefs(client, ids))
      result.set(id, entry ? toSyncedMessage(entry.message, entry.folder, entry.uidValidity) : null);
    return result;
  });
}

export function getImapMessage(session: MailSession, id: string): Promise<EmailInThread> {
  return withImap(session, async (client) => {
    const entry = (await readRefs(client, [id])).get(id);
    if (!entry) throw new ProviderError('not_found', 'The message is no longer in the mailbox.', 404);
    return toEmailInThread(entry.message, id);
  });
}

/** The ids of one folder's messages received since `since` (reconciliation): Message-ID headers only. */
export function listImapIds(session: MailSession, input: ListIdsInput): Promise<string[]> {
  return withImap(session, async (client) => {
    const path = (await findFolders(client))[input.folder];
    if (!path) return [];
    const box = await client.mailboxOpen(path, { readOnly: true });
    if (box.exists === 0) return [];
    const uids = (await client.search({ since: input.since }, { uid: true })) || [];
    if (uids.length === 0) return [];
    const rows = await client.fetchAll(uids, { uid: true, headers: ['message-id'] }, { uid: true });
    return rows.map((row) => {
      const header = row.headers?.toString('utf8').replace(/^message-id:/i, '') ?? '';
      const messageId = parseMessageIds(header.trim())[0];
      return messageId
        ? formatMessageRef({ folder: input.folder, messageId })
        : formatMessageRef({ folder: input.folder, uidValidity: String(box.uidValidity), uid: row.uid });
    });
  });
}
