import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { GRAPH_CURSOR_KEYS } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { MailProvider } from '../../core/provider';
import {
  graphArchive,
  graphGetMessage,
  graphLookup,
  graphPushChanges,
  graphSetRead,
  graphUnarchive,
} from './graph-actions';
import { microsoftAuthUrl, microsoftExchangeCode, microsoftRefreshToken } from './graph-auth';
import { listGraphChanges } from './graph-delta';
import { listGraphIds } from './graph-list-ids';
import { graphCall, graphMailbox } from './graph-request';
import { graphSend } from './graph-send';
import { createGraphPushChannel } from './graph-subscriptions';

/** Office 365 through Microsoft Graph v1.0: one delta stream per well-known folder. */
export function createMicrosoftProvider(config: MicrosoftConfig): MailProvider {
  return {
    name: 'office365',
    oauth: {
      authUrl: (input) => microsoftAuthUrl(config, input),
      exchangeCode: (input) => microsoftExchangeCode(config, input),
      refreshToken: (refreshToken, input) => microsoftRefreshToken(config, refreshToken, input),
      async probeMailbox(session) {
        await graphCall(session, config, `${graphMailbox(session)}/mailFolders/inbox?$select=id`);
      },
    },
    async mailboxAddress(session) {
      const me = await graphCall<{ mail?: string | null; userPrincipalName?: string }>(
        session,
        config,
        '/me?$select=mail,userPrincipalName',
      );
      return (me.mail ?? me.userPrincipalName ?? '').toLowerCase();
    },
    streams: (folders: readonly SyncFolder[]) =>
      folders.map((folder) => ({ key: folder, folders: [folder], cursorKey: GRAPH_CURSOR_KEYS[folder] })),
    listChanges: (session, input) => listGraphChanges(session, config, input),
    lookupMessages: (session, ids) => graphLookup(session, config, ids),
    listIds: (session, input) => listGraphIds(session, config, input),
    getMessage: (session, id) => graphGetMessage(session, config, id),
    archive: (session, id) => graphArchive(session, config, id),
    unarchive: (session, id) => graphUnarchive(session, config, id),
    setRead: (session, id, isRead) => graphSetRead(session, config, id, isRead),
    pushChanges: (session, changes) => graphPushChanges(session, config, changes),
    send: (session, mail) => graphSend(session, config, mail),
    push: createGraphPushChannel(config),
  };
}
