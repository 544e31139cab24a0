import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { GRAPH_CURSOR_KEYS } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import type { MailProvider, SyncStream } from '../../core/provider';
import { imapArchive, imapPushChanges, imapSetRead, imapUnarchive } from './imap-actions';
import { listImapChanges } from './imap-changes';
import { sessionAccount } from './imap-client';
import { getImapMessage, listImapIds, lookupImapMessages } from './imap-lookup';
import { imapSend } from './imap-send';

/**
 * The IMAP/SMTP adapter (decision 023): one stream per folder (Inbox, Sent, Archive found by
 * special-use or usual name) with its cursor in the spec's `delta_token_<folder>` key, fed to the same engine
 * as Graph and Gmail. Actions go through the outbox (imap-actions.ts: `\Seen`, MOVE or COPY + UID EXPUNGE);
 * mail goes out over the account's SMTP server with its copy filed in Sent (imap-send.ts). The account (servers,
 * login) comes with the session, decrypted by openSession.
 */
export function createImapProvider(): MailProvider {
  return {
    name: 'imap',
    mailboxAddress: async (session) => sessionAccount(session).username,
    streams: (folders: readonly SyncFolder[]): SyncStream[] =>
      folders.map((folder) => ({ key: folder, folders: [folder], cursorKey: GRAPH_CURSOR_KEYS[folder] })),
    listChanges: listImapChanges,
    lookupMessages: lookupImapMessages,
    listIds: listImapIds,
    getMessage: getImapMessage,
    archive: imapArchive,
    unarchive: imapUnarchive,
    setRead: imapSetRead,
    pushChanges: imapPushChanges,
    send: imapSend,
  };
}
