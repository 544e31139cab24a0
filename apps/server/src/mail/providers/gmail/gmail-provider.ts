import type { gmail_v1 } from '@googleapis/gmail';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { GMAIL_CURSOR_KEY } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import type { GoogleConfig } from '../../core/mail-config';
import type { MailProvider } from '../../core/provider';
import {
  gmailArchive,
  gmailGetMessage,
  gmailPushChanges,
  gmailSetRead,
  gmailUnarchive,
} from './gmail-actions';
import { googleAuthUrl, googleExchangeCode, googleRefreshToken } from './gmail-auth';
import { listGmailChanges } from './gmail-changes';
import { fetchGmailMessages } from './gmail-fetch';
import { listGmailIds } from './gmail-list-ids';
import { gmailCall } from './gmail-request';
import { gmailSend } from './gmail-send';
import { createGmailWatch } from './gmail-watch';

/** Gmail through the Gmail API v1: the whole mailbox is one history stream; folders come from labels. */
export function createGmailProvider(config: GoogleConfig): MailProvider {
  return {
    name: 'gmail',
    oauth: {
      authUrl: (input) => googleAuthUrl(config, input),
      exchangeCode: (input) => googleExchangeCode(config, input),
      refreshToken: (refreshToken) => googleRefreshToken(config, refreshToken),
    },
    async mailboxAddress(session) {
      const profile = await gmailCall<gmail_v1.Schema$Profile>(session, config, '/users/me/profile');
      return (profile.emailAddress ?? '').toLowerCase();
    },
    streams: (folders: readonly SyncFolder[]) =>
      folders.length === 0 ? [] : [{ key: 'mailbox', folders: [...folders], cursorKey: GMAIL_CURSOR_KEY }],
    listChanges: (session, input) => listGmailChanges(session, config, input),
    lookupMessages: (session, ids) => fetchGmailMessages(session, config, ids),
    listIds: (session, input) => listGmailIds(session, config, input),
    getMessage: (session, id) => gmailGetMessage(session, config, id),
    archive: (session, id) => gmailArchive(session, config, id),
    unarchive: (session, id) => gmailUnarchive(session, config, id),
    setRead: (session, id, isRead) => gmailSetRead(session, config, id, isRead),
    pushChanges: (session, changes) => gmailPushChanges(session, config, changes),
    send: (session, mail) => gmailSend(session, config, mail),
    push: createGmailWatch(config),
  };
}
