import type { gmail_v1 } from '@googleapis/gmail';
import type { EmailInThread } from '@ledgerdesk/domain/entities';
import type { GoogleConfig } from '../config';
import { MailError } from '../errors';
import type { MovedMessage } from '../provider';
import type { MailSession } from '../session/mail-session';
import { hasScope } from '../session/scopes';
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
