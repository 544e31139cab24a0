import { GRAPH_CURSOR_KEYS } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import { MailError } from '../errors';
import type { MailProvider, SyncStream } from '../provider';
import type { SyncFolder } from '../sync/sync-report';
import { listImapChanges } from './imap-changes';
import { sessionAccount } from './imap-client';
import { getImapMessage, listImapIds, lookupImapMessages } from './imap-lookup';

function notOAuth(): never {
  throw new MailError('invalid_state', 'IMAP mailboxes sign in with a password, not through a consent page.');
}

function notYet(): never {
  throw new MailError('invalid_state', 'This action is not available for IMAP mailboxes yet.');
}

/**
 * The IMAP/SMTP adapter (issue 30, decision 023): one stream per folder (Inbox, Sent, Archive found by
 * special-use or usual name) with its cursor in the spec's `delta_token_<folder>` key, fed to the same engine
 * as Graph and Gmail. The account (servers, login) comes with the session, decrypted by openSession.
 */
export function createImapProvider(): MailProvider {
  return {
    name: 'imap',
    authUrl: notOAuth,
    exchangeCode: notOAuth,
    refreshToken: notOAuth,
    mailboxAddress: async (session) => sessionAccount(session).username,
    streams: (folders: readonly SyncFolder[]): SyncStream[] =>
      folders.map((folder) => ({ key: folder, folders: [folder], cursorKey: GRAPH_CURSOR_KEYS[folder] })),
    listChanges: listImapChanges,
    lookupMessages: lookupImapMessages,
    listIds: listImapIds,
    getMessage: getImapMessage,
    archive: notYet,
    unarchive: notYet,
    setRead: notYet,
    pushChanges: notYet,
    send: notYet,
  };
}
