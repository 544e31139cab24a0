import type { EmailInThread } from '@ledgerdesk/domain/entities';
import type { Attachment, Message } from '@microsoft/microsoft-graph-types';
import { MailError } from '../../core/errors';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { MovedMessage, PushChange, PushOutcome, SyncedMessage } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { hasMailScope } from '../../core/session/scopes';
import { kindForStatus, ProviderError } from '../../core/transport/provider-error';
import { type BatchRequest, graphBatch } from './graph-batch';
import { folderIds, folderOf, forgetFolderIds } from './graph-folders';
import {
  CONTENT_SELECT,
  SYNC_SELECT,
  TEXT_BODY_PREFERENCE,
  toEmailInThread,
  toSyncedMessage,
} from './graph-message';
import { graphCall, graphMailbox } from './graph-request';

const msg = (session: MailSession, id: string) =>
  `${graphMailbox(session)}/messages/${encodeURIComponent(id)}`;

/** Archive and unarchive need Mail.ReadWrite; a connection without known scopes predates archiving. */
export function requireWriteScope(session: MailSession): void {
  if (session.scopes === null || session.scopes.length === 0) {
    throw new MailError('missing_scope', 'MissingScopes: the connection has no recorded scopes.');
  }
  if (!hasMailScope(session, 'Mail.ReadWrite')) {
    throw new MailError('missing_scope', 'InsufficientPermissions: Mail.ReadWrite was not granted.');
  }
}

/** Moves a message into the Archive folder. */
export async function graphArchive(
  session: MailSession,
  config: MicrosoftConfig,
  id: string,
): Promise<MovedMessage> {
  requireWriteScope(session);
  const ids = await folderIds(session, config);
  if (!ids.archive) throw new MailError('archive_folder_missing', 'ArchiveFolderMissing');
  const moved = await graphCall<Message>(session, config, `${msg(session, id)}/move`, {
    method: 'POST',
    body: { destinationId: ids.archive },
  });
  return { id: moved?.id ?? id };
}

/** Moves a message back to the Inbox. */
export async function graphUnarchive(
  session: MailSession,
  config: MicrosoftConfig,
  id: string,
): Promise<MovedMessage> {
  requireWriteScope(session);
  const moved = await graphCall<Message>(session, config, `${msg(session, id)}/move`, {
    method: 'POST',
    body: { destinationId: 'inbox' },
  });
  return { id: moved?.id ?? id };
}

export async function graphSetRead(
  session: MailSession,
  config: MicrosoftConfig,
  id: string,
  isRead: boolean,
) {
  await graphCall(session, config, msg(session, id), { method: 'PATCH', body: { isRead } });
}

/** The full message with its attachment list. */
export async function graphGetMessage(
  session: MailSession,
  config: MicrosoftConfig,
  id: string,
): Promise<EmailInThread> {
  const message = await graphCall<Message>(session, config, `${msg(session, id)}?$select=${CONTENT_SELECT}`);
  let attachments: Attachment[] = [];
  if (message.hasAttachments) {
    const list = await graphCall<{ value?: Attachment[] }>(
      session,
      config,
      `${msg(session, id)}/attachments?$select=id,name,size,isInline`,
    );
    attachments = list?.value ?? [];
  }
  return toEmailInThread(message, attachments);
}

/** Current state of several messages in $batch requests; null for those Graph no longer has. */
export async function graphLookup(
  session: MailSession,
  config: MicrosoftConfig,
  ids: readonly string[],
): Promise<Map<string, SyncedMessage | null>> {
  const result = new Map<string, SyncedMessage | null>();
  if (ids.length === 0) return result;
  const folders = await folderIds(session, config);
  const responses = await graphBatch(
    session,
    config,
    ids.map((id, index) => ({
      id: String(index),
      method: 'GET',
      url: `${msg(session, id)}?$select=${SYNC_SELECT}`,
      prefer: [TEXT_BODY_PREFERENCE],
    })),
  );
  ids.forEach((id, index) => {
    const response = responses.get(String(index));
    if (!response || response.status === 404) {
      result.set(id, null);
      return;
    }
    if (response.status >= 300) {
      throw new ProviderError(
        kindForStatus(response.status),
        `Graph answered ${response.status} for a message.`,
      );
    }
    const message = response.body as Message;
    result.set(id, toSyncedMessage(message, folderOf(folders, message.parentFolderId)));
  });
  return result;
}

/**
 * Pushes changes through JSON $batch (20 requests per call, one call at a time: within Graph's 4 concurrent
 * requests per mailbox): moves answer the message's new id (Exchange renumbers a moved message), read-state
 * patches keep it. Throttled inner requests are retried by graphBatch; an Archive folder that does not exist
 * refuses every archive of the push.
 */
export async function graphPushChanges(
  session: MailSession,
  config: MicrosoftConfig,
  changes: readonly PushChange[],
): Promise<Map<string, PushOutcome>> {
  requireWriteScope(session);
  const outcomes = new Map<string, PushOutcome>();
  const hasArchive = changes.some((change) => change.operation === 'archive');
  const archiveId = hasArchive ? (await folderIds(session, config, { reuseKnown: true })).archive : null;
  const requests: BatchRequest[] = [];
  for (const change of changes) {
    if (change.operation === 'archive' && !archiveId) {
      outcomes.set(change.key, {
        ok: false,
        error: new MailError('archive_folder_missing', 'ArchiveFolderMissing'),
      });
      continue;
    }
    requests.push(
      change.operation === 'read' || change.operation === 'unread'
        ? {
            id: change.key,
            method: 'PATCH',
            url: msg(session, change.messageId),
            body: { isRead: change.operation === 'read' },
          }
        : {
            id: change.key,
            method: 'POST',
            url: `${msg(session, change.messageId)}/move`,
            body: { destinationId: change.operation === 'archive' ? archiveId : 'inbox' },
          },
    );
  }
  const responses = await graphBatch(session, config, requests);
  // A refused change may mean a folder moved or went away: the next push looks the ids up again.
  if ([...responses.values()].some((response) => response.status >= 400))
    forgetFolderIds(session.integrationId);
  for (const change of changes) {
    if (outcomes.has(change.key)) continue;
    const response = responses.get(change.key);
    if (response && response.status < 300) {
      const movedId = (response.body as Message | undefined)?.id;
      outcomes.set(change.key, { ok: true, messageId: movedId ?? change.messageId });
    } else {
      const status = response?.status ?? 502;
      outcomes.set(change.key, {
        ok: false,
        error: new ProviderError(
          kindForStatus(status),
          `Graph answered ${status} for a mailbox change.`,
          status,
        ),
      });
    }
  }
  return outcomes;
}
