import type { gmail_v1 } from '@googleapis/gmail';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { GoogleConfig } from '../../core/mail-config';
import type { ListIdsInput } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { gmailCall } from './gmail-request';

/** messages.list answers at most 500 ids a page. */
const PAGE_SIZE = 500;

/**
 * The searches matching folderFromLabels (gmail-message.ts): Inbox, else Sent, else archived (All Mail
 * without drafts). Spam and trash are left out by messages.list unless asked for.
 */
const FOLDER_QUERY: Record<SyncFolder, string> = {
  inbox: 'in:inbox',
  sent: 'in:sent -in:inbox',
  archive: '-in:inbox -in:sent -in:drafts',
};

/** The ids of a folder's messages received since `since` (reconciliation), following page tokens. */
export async function listGmailIds(
  session: MailSession,
  config: GoogleConfig,
  input: ListIdsInput,
): Promise<string[]> {
  const q = `${FOLDER_QUERY[input.folder]} after:${Math.floor(input.since.getTime() / 1000)}`;
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const list = await gmailCall<gmail_v1.Schema$ListMessagesResponse>(
      session,
      config,
      '/users/me/messages',
      {
        query: { q, maxResults: String(PAGE_SIZE), pageToken },
      },
    );
    for (const message of list?.messages ?? [])
      if (typeof message.id === 'string' && message.id) ids.push(message.id);
    pageToken = list?.nextPageToken ?? undefined;
  } while (pageToken);
  return ids;
}
