import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { ImapFlow, ListResponse } from 'imapflow';

/** Usual names of the Sent and Archive folders where a server does not mark them with special-use flags. */
const USUAL_NAMES: Record<Exclude<SyncFolder, 'inbox'>, string[]> = {
  sent: ['sent', 'sent items', 'sent messages', 'sent mail', 'inbox.sent', 'inbox/sent'],
  archive: ['archive', 'archives', 'inbox.archive', 'inbox/archive'],
};
/**
 * Only `\Archive` is an archive. Gmail's All Mail (`\All`) holds every message, Inbox and Sent included, so
 * syncing it as the archive would list each of them twice (decision 032): Gmail connects with the Gmail card.
 */
const SPECIAL_USE: Record<Exclude<SyncFolder, 'inbox'>, string> = { sent: '\\Sent', archive: '\\Archive' };

/** The mailbox path of each synced folder; null where the server has none (no Archive: "Archive Folder Missing"). */
export type FolderPaths = Record<SyncFolder, string | null>;

/** The folders found on each connection: one LIST (and LSUB) per login, not per page (imap-fidelity I15). */
const foundOn = new WeakMap<ImapFlow, Promise<FolderPaths>>();

/** Finds Inbox, Sent and Archive by special-use flag, else by usual name, once per connection. */
export function findFolders(client: ImapFlow): Promise<FolderPaths> {
  const known = foundOn.get(client);
  if (known) return known;
  const finding = client.list().then((folders) => ({
    inbox: 'INBOX',
    sent: pick(folders, 'sent'),
    archive: pick(folders, 'archive'),
  }));
  foundOn.set(client, finding);
  finding.catch(() => foundOn.delete(client));
  return finding;
}

/**
 * The server's own special-use flag first; then imapflow's guess by name, but only for a folder at the top level
 * or directly under INBOX: imapflow guesses at any depth, and a client's folder such as "Clients/Acme/Archive"
 * must never receive every cleared message.
 */
function pick(folders: ListResponse[], role: Exclude<SyncFolder, 'inbox'>): string | null {
  const selectable = folders.filter((folder) => !folder.flags.has('\\Noselect'));
  const use = SPECIAL_USE[role];
  const flagged = selectable.find(
    (folder) => folder.specialUse === use && folder.specialUseSource !== 'name',
  );
  if (flagged) return flagged.path;
  const named = selectable.find((folder) => folder.specialUse === use && isTopLevel(folder));
  if (named) return named.path;
  for (const name of USUAL_NAMES[role]) {
    const found = selectable.find((folder) => folder.path.toLowerCase() === name);
    if (found) return found.path;
  }
  return null;
}

function isTopLevel(folder: ListResponse): boolean {
  const parent = (folder.parentPath ?? '').toUpperCase();
  return parent === '' || (parent === 'INBOX' && folder.path.split(folder.delimiter ?? '/').length === 2);
}
