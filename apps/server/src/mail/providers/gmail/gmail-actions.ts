import type { gmail_v1 } from '@googleapis/gmail';
import type { EmailInThread } from '@ledgerdesk/domain/entities';
import { MailError } from '../../core/errors';
import type { GoogleConfig } from '../../core/mail-config';
import type { MailboxChangeOperation, MovedMessage, PushChange, PushOutcome } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { hasScope } from '../../core/session/scopes';
import { isProviderError } from '../../core/transport/provider-error';
import { GOOGLE_SCOPES } from './gmail-auth';
import { toEmailInThread } from './gmail-message';
import { gmailCall } from './gmail-request';

const MODIFY_SCOPE = GOOGLE_SCOPES[0];
const msg = (id: string) => `/users/me/messages/${encodeURIComponent(id)}`;

/** Label changes need gmail.modify (or full mail access); unknown scopes are given the benefit of the doubt. */
function requireModifyScope(session: MailSession): void {
  if (!session.scopes || session.scopes.length === 0) return;
  if (hasScope(session.scopes, MODIFY_SCOPE) || hasScope(session.scopes, 'https://mail.google.com/')) return;
  throw new MailError('missing_scope', 'InsufficientPermissions: gmail.modify was not granted.');
}

async function modify(
  session: MailSession,
  config: GoogleConfig,
  id: string,
  body: gmail_v1.Schema$ModifyMessageRequest,
) {
  requireModifyScope(session);
  const message = await gmailCall<gmail_v1.Schema$Message>(session, config, `${msg(id)}/modify`, {
    method: 'POST',
    body,
  });
  return message;
}

/** Gmail archives by removing the INBOX label; the id never changes. */
export async function gmailArchive(
  session: MailSession,
  config: GoogleConfig,
  id: string,
): Promise<MovedMessage> {
  await modify(session, config, id, { removeLabelIds: ['INBOX'] });
  return { id };
}

/** Back to the Inbox: the INBOX label is added again. */
export async function gmailUnarchive(
  session: MailSession,
  config: GoogleConfig,
  id: string,
): Promise<MovedMessage> {
  await modify(session, config, id, { addLabelIds: ['INBOX'] });
  return { id };
}

export async function gmailSetRead(session: MailSession, config: GoogleConfig, id: string, isRead: boolean) {
  await modify(session, config, id, isRead ? { removeLabelIds: ['UNREAD'] } : { addLabelIds: ['UNREAD'] });
}

export async function gmailGetMessage(
  session: MailSession,
  config: GoogleConfig,
  id: string,
): Promise<EmailInThread> {
  const message = await gmailCall<gmail_v1.Schema$Message>(session, config, msg(id), {
    query: { format: 'full' },
  });
  return toEmailInThread(message);
}

/** Gmail's batchModify takes at most 1,000 ids per call. */
const BATCH_MODIFY_LIMIT = 1000;

const LABEL_CHANGE: Record<MailboxChangeOperation, gmail_v1.Schema$BatchModifyMessagesRequest> = {
  archive: { removeLabelIds: ['INBOX'] },
  unarchive: { addLabelIds: ['INBOX'] },
  read: { removeLabelIds: ['UNREAD'] },
  unread: { addLabelIds: ['UNREAD'] },
};

/**
 * Pushes changes with users.messages.batchModify: one call per operation and 1,000 ids. Gmail keeps ids, so
 * every change answers its own id. A call refused as a bad request (an id Gmail does not know) is retried
 * message by message, so one gone message fails alone.
 */
export async function gmailPushChanges(
  session: MailSession,
  config: GoogleConfig,
  changes: readonly PushChange[],
): Promise<Map<string, PushOutcome>> {
  requireModifyScope(session);
  const outcomes = new Map<string, PushOutcome>();
  const byOperation = new Map<MailboxChangeOperation, PushChange[]>();
  for (const change of changes) {
    const group = byOperation.get(change.operation) ?? [];
    group.push(change);
    byOperation.set(change.operation, group);
  }
  for (const [operation, group] of byOperation) {
    for (let start = 0; start < group.length; start += BATCH_MODIFY_LIMIT) {
      const chunk = group.slice(start, start + BATCH_MODIFY_LIMIT);
      try {
        await gmailCall(session, config, '/users/me/messages/batchModify', {
          method: 'POST',
          body: { ids: chunk.map((change) => change.messageId), ...LABEL_CHANGE[operation] },
        });
        for (const change of chunk) outcomes.set(change.key, { ok: true, messageId: change.messageId });
      } catch (error) {
        if (!isProviderError(error, 'bad_request', 'not_found')) throw error;
        for (const change of chunk) {
          outcomes.set(
            change.key,
            chunk.length === 1
              ? { ok: false, error }
              : await modifyOne(session, config, change, LABEL_CHANGE[operation]),
          );
        }
      }
    }
  }
  return outcomes;
}

async function modifyOne(
  session: MailSession,
  config: GoogleConfig,
  change: PushChange,
  body: gmail_v1.Schema$ModifyMessageRequest,
): Promise<PushOutcome> {
  try {
    await modify(session, config, change.messageId, body);
    return { ok: true, messageId: change.messageId };
  } catch (error) {
    if (!isProviderError(error, 'bad_request', 'not_found')) throw error;
    return { ok: false, error };
  }
}
