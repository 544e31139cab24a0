import type { MicrosoftConfig } from '../config';
import { kindForStatus, ProviderError } from '../http/provider-error';
import type { MailSession } from '../session/mail-session';
import type { SyncFolder } from '../sync/sync-report';
import { graphBatch } from './graph-batch';

/** Graph's well-known folder names of the synced folders. */
export const WELL_KNOWN_FOLDERS: Record<SyncFolder, string> = {
  inbox: 'inbox',
  sent: 'sentitems',
  archive: 'archive',
};

export type FolderIds = Record<SyncFolder, string | null>;

const MEMO_KEY = 'graph-folder-ids';

/** The ids of Inbox, Sent Items and Archive (null when the mailbox has no such folder), in one $batch. */
export async function folderIds(session: MailSession, config: MicrosoftConfig): Promise<FolderIds> {
  const memo = session.memo.get(MEMO_KEY) as FolderIds | undefined;
  if (memo) return memo;
  const folders = Object.keys(WELL_KNOWN_FOLDERS) as SyncFolder[];
  const responses = await graphBatch(
    session,
    config,
    folders.map((folder) => ({
      id: folder,
      method: 'GET',
      url: `/me/mailFolders/${WELL_KNOWN_FOLDERS[folder]}?$select=id`,
    })),
  );
  const ids = { inbox: null, sent: null, archive: null } as FolderIds;
  for (const folder of folders) {
    const response = responses.get(folder);
    const body = response?.body as { id?: string } | undefined;
    if (response && response.status < 300 && body?.id) ids[folder] = body.id;
    else if (response?.status !== 404) {
      const status = response?.status ?? 500;
      throw new ProviderError(
        kindForStatus(status),
        `Graph answered ${status} for the ${folder} folder.`,
        status,
      );
    }
  }
  session.memo.set(MEMO_KEY, ids);
  return ids;
}

/** The synced folder a parentFolderId belongs to, or null. */
export function folderOf(ids: FolderIds, parentFolderId: string | null | undefined): SyncFolder | null {
  if (!parentFolderId) return null;
  for (const folder of Object.keys(ids) as SyncFolder[]) if (ids[folder] === parentFolderId) return folder;
  return null;
}
