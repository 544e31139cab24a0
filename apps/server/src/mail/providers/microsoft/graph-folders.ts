import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { MailSession } from '../../core/session/mail-session';
import { kindForStatus, ProviderError } from '../../core/transport/provider-error';
import { graphBatch } from './graph-batch';
import { graphMailbox } from './graph-request';

/** Graph's well-known folder names of the synced folders. */
export const WELL_KNOWN_FOLDERS: Record<SyncFolder, string> = {
  inbox: 'inbox',
  sent: 'sentitems',
  archive: 'archive',
};

export type FolderIds = Record<SyncFolder, string | null>;

const MEMO_KEY = 'graph-folder-ids';

/**
 * Folder ids a mailbox answered recently, by integration, for the outbox's pushes only: a well-known folder's id
 * does not change, so a push of 500 changes is 25 $batch calls of moves, not a lookup first. Kept only while every
 * folder exists (a missing Archive is asked again next time, so one created since is found at once), for two
 * minutes, and forgotten when a push to the mailbox is refused. Sync always asks (its folder of each message
 * depends on it).
 */
const knownFolderIds = new Map<string, { ids: FolderIds; at: number }>();
const KNOWN_FOLDER_IDS_MS = 2 * 60_000;
const KNOWN_FOLDER_IDS_MAX = 10_000;

export function forgetFolderIds(integrationId: string): void {
  knownFolderIds.delete(integrationId);
}

/** The ids of Inbox, Sent Items and Archive (null when the mailbox has no such folder), in one $batch. */
export async function folderIds(
  session: MailSession,
  config: MicrosoftConfig,
  options: { reuseKnown?: boolean } = {},
): Promise<FolderIds> {
  const memo = session.memo.get(MEMO_KEY) as FolderIds | undefined;
  if (memo) return memo;
  const known = options.reuseKnown ? knownFolderIds.get(session.integrationId) : undefined;
  if (known && Date.now() - known.at < KNOWN_FOLDER_IDS_MS) {
    session.memo.set(MEMO_KEY, known.ids);
    return known.ids;
  }
  const folders = Object.keys(WELL_KNOWN_FOLDERS) as SyncFolder[];
  const responses = await graphBatch(
    session,
    config,
    folders.map((folder) => ({
      id: folder,
      method: 'GET',
      url: `${graphMailbox(session)}/mailFolders/${WELL_KNOWN_FOLDERS[folder]}?$select=id`,
    })),
  );
  const ids = { inbox: null, sent: null, archive: null } as FolderIds;
  for (const folder of folders) {
    const response = responses.get(folder);
    const body = response?.body as { id?: string; error?: { code?: string } } | undefined;
    if (response && response.status < 300 && body?.id) ids[folder] = body.id;
    // A missing folder is a 404 (ErrorItemNotFound); a mailbox the user cannot open (404 ErrorInvalidUser,
    // decision 024) is no missing folder.
    else if (response?.status !== 404 || body?.error?.code === 'ErrorInvalidUser') {
      const status = response?.status ?? 500;
      throw new ProviderError(
        kindForStatus(status),
        `Graph answered ${status} for the ${folder} folder.`,
        status,
        body?.error?.code,
      );
    }
  }
  session.memo.set(MEMO_KEY, ids);
  if (ids.inbox && ids.sent && ids.archive) {
    if (knownFolderIds.size >= KNOWN_FOLDER_IDS_MAX) knownFolderIds.clear();
    knownFolderIds.set(session.integrationId, { ids, at: Date.now() });
  } else knownFolderIds.delete(session.integrationId);
  return ids;
}

/** The synced folder a parentFolderId belongs to, or null. */
export function folderOf(ids: FolderIds, parentFolderId: string | null | undefined): SyncFolder | null {
  if (!parentFolderId) return null;
  for (const folder of Object.keys(ids) as SyncFolder[]) if (ids[folder] === parentFolderId) return folder;
  return null;
}
