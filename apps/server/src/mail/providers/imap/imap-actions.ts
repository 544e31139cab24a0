import type { ImapFlow } from 'imapflow';
import { MailError } from '../../core/errors';
import type { MovedMessage, PushChange, PushOutcome } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { ProviderError } from '../../core/transport/provider-error';
import { sessionAccount, withImap } from './imap-client';
import { toProviderError } from './imap-errors';
import { type FolderPaths, findFolders } from './imap-folders';
import { locateUid } from './imap-locate';
import { formatMessageRef, type ImapMessageRef, parseMessageRef } from './imap-message-id';
import { moveUid } from './imap-move';

const gone = () => new ProviderError('not_found', 'The message is no longer in its IMAP folder.', 404);

/** Selects `path` for writing, unless it is the mailbox already open that way. */
async function openWritable(client: ImapFlow, path: string): Promise<void> {
  if (client.mailbox && client.mailbox.path === path && !client.mailbox.readOnly) return;
  await client.mailboxOpen(path);
}

function refOf(id: string): ImapMessageRef {
  const ref = parseMessageRef(id);
  if (!ref) throw gone();
  return ref;
}

/**
 * Moves the message to Archive or INBOX and answers its id there (`archive|<Message-ID>`; the uid form takes the
 * new UID the server reported). A message already in the target folder (a push repeated after a crash, or moved
 * by another client) answers its id there without moving anything.
 */
async function moveTo(
  client: ImapFlow,
  paths: FolderPaths,
  id: string,
  to: 'archive' | 'inbox',
): Promise<string> {
  const ref = refOf(id);
  if (ref.folder === to) return id;
  const destination = paths[to];
  if (!destination) throw new MailError('archive_folder_missing', 'ArchiveFolderMissing');
  const source = paths[ref.folder];
  if (!source) throw gone();
  await openWritable(client, source);
  const uid = await locateUid(client, ref);
  if (uid === null) {
    if (!('messageId' in ref)) throw gone();
    const there = { folder: to, messageId: ref.messageId };
    await openWritable(client, destination);
    if ((await locateUid(client, there)) === null) throw gone();
    return formatMessageRef(there);
  }
  const moved = await moveUid(client, uid, destination);
  if ('messageId' in ref) return formatMessageRef({ folder: to, messageId: ref.messageId });
  return moved
    ? formatMessageRef({ folder: to, uidValidity: String(moved.uidValidity), uid: moved.uid })
    : id;
}

/** Adds or removes `\Seen` on the message in its folder; its id does not change. */
async function markSeen(client: ImapFlow, paths: FolderPaths, id: string, isRead: boolean): Promise<string> {
  const ref = refOf(id);
  const path = paths[ref.folder];
  if (!path) throw gone();
  await openWritable(client, path);
  const uid = await locateUid(client, ref);
  if (uid === null) throw gone();
  const done = isRead
    ? await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true })
    : await client.messageFlagsRemove(String(uid), ['\\Seen'], { uid: true });
  if (!done)
    throw new ProviderError('unknown', `The IMAP server refused to change the read state in ${path}.`);
  return id;
}

function applyChange(client: ImapFlow, paths: FolderPaths, change: PushChange): Promise<string> {
  switch (change.operation) {
    case 'archive':
      return moveTo(client, paths, change.messageId, 'archive');
    case 'unarchive':
      return moveTo(client, paths, change.messageId, 'inbox');
    case 'read':
    case 'unread':
      return markSeen(client, paths, change.messageId, change.operation === 'read');
  }
}

/**
 * Pushes the outbox's changes over one connection (decision 010): each change gets its own outcome, a refusal
 * of one never fails the others. A failed login or an unreachable server fails the whole call (it throws).
 */
export function imapPushChanges(
  session: MailSession,
  changes: readonly PushChange[],
): Promise<Map<string, PushOutcome>> {
  const host = sessionAccount(session).imap.host;
  return withImap(session, async (client) => {
    const paths = await findFolders(client);
    const outcomes = new Map<string, PushOutcome>();
    for (const change of changes) {
      try {
        outcomes.set(change.key, { ok: true, messageId: await applyChange(client, paths, change) });
      } catch (error) {
        const failure = error instanceof MailError ? error : toProviderError(error, host);
        outcomes.set(change.key, { ok: false, error: failure });
      }
    }
    return outcomes;
  });
}

/** One change through the same path as the outbox's batches; its refusal is thrown. */
async function pushOne(session: MailSession, change: Omit<PushChange, 'key'>): Promise<string> {
  const outcome = (await imapPushChanges(session, [{ ...change, key: 'one' }])).get('one');
  if (!outcome) throw new ProviderError('bad_response', 'The IMAP change gave no outcome.');
  if (!outcome.ok) throw outcome.error;
  return outcome.messageId;
}

export async function imapArchive(session: MailSession, id: string): Promise<MovedMessage> {
  return { id: await pushOne(session, { messageId: id, operation: 'archive' }) };
}

export async function imapUnarchive(session: MailSession, id: string): Promise<MovedMessage> {
  return { id: await pushOne(session, { messageId: id, operation: 'unarchive' }) };
}

export async function imapSetRead(session: MailSession, id: string, isRead: boolean): Promise<void> {
  await pushOne(session, { messageId: id, operation: isRead ? 'read' : 'unread' });
}
