import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { ImapFlow, ListResponse } from 'imapflow';

/** Usual names of the Sent and Archive folders where a server does not mark them with special-use flags. */
const USUAL_NAMES: Record<Exclude<SyncFolder, 'inbox'>, string[]> = {
  sent: ['sent', 'sent items', 'sent messages', 'sent mail', 'inbox.sent', 'inbox/sent'],
  archive: ['archive', 'archives', 'inbox.archive', 'inbox/archive', '[gmail]/all mail'],
};
const SPECIAL_USE: Record<Exclude<SyncFolder, 'inbox'>, string[]> = {
  sent: ['\\Sent'],
  // Gmail over IMAP has no \Archive: its archive is All Mail (\All).
  archive: ['\\Archive', '\\All'],
};

/** The mailbox path of each synced folder; null where the server has none (no Archive: "Archive Folder Missing"). */
export type FolderPaths = Record<SyncFolder, string | null>;

/** Finds Inbox, Sent and Archive by special-use flag, else by usual name. */
export async function findFolders(client: ImapFlow): Promise<FolderPaths> {
  const folders = await client.list();
  return {
    inbox: 'INBOX',
    sent: pick(folders, 'sent'),
    archive: pick(folders, 'archive'),
  };
}

function pick(folders: ListResponse[], role: Exclude<SyncFolder, 'inbox'>): string | null {
  const selectable = folders.filter((folder) => !folder.flags.has('\\Noselect'));
  for (const use of SPECIAL_USE[role]) {
    const found = selectable.find((folder) => folder.specialUse === use);
    if (found) return found.path;
  }
  for (const name of USUAL_NAMES[role]) {
    const found = selectable.find((folder) => folder.path.toLowerCase() === name);
    if (found) return found.path;
  }
  return null;
}
