import type { MailFolder } from '@microsoft/microsoft-graph-types';
import { folderKeyFromId } from '../store/mailbox';
import type { FolderKey, Mailbox } from '../store/types';

const WELL_KNOWN: Record<string, FolderKey> = {
  inbox: 'inbox',
  sentitems: 'sent',
  archive: 'archive',
  deleteditems: 'trash',
};

const DISPLAY_NAMES: Record<FolderKey, string> = {
  inbox: 'Inbox',
  sent: 'Sent Items',
  archive: 'Archive',
  trash: 'Deleted Items',
};

export function folderExists(mailbox: Mailbox, key: FolderKey): boolean {
  return key !== 'archive' || mailbox.hasArchive;
}

/** Well-known names (case-insensitive) or folder ids; a mailbox without Archive has no `archive`. */
export function resolveFolder(mailbox: Mailbox, param: string): FolderKey | undefined {
  const key = WELL_KNOWN[param.toLowerCase()] ?? folderKeyFromId(mailbox, param);
  return key && folderExists(mailbox, key) ? key : undefined;
}

export function visibleFolders(mailbox: Mailbox): FolderKey[] {
  return (['inbox', 'sent', 'archive', 'trash'] as const).filter((key) => folderExists(mailbox, key));
}

export function folderJson(mailbox: Mailbox, key: FolderKey): MailFolder {
  const counts = mailbox.counts[key];
  return {
    id: mailbox.folderIds[key],
    displayName: DISPLAY_NAMES[key],
    parentFolderId: mailbox.rootFolderId,
    childFolderCount: 0,
    unreadItemCount: counts.unread,
    totalItemCount: counts.total,
    isHidden: false,
  };
}
