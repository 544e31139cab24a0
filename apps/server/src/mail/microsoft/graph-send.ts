import type { MicrosoftConfig } from '../config';
import { MailError } from '../errors';
import type { OutgoingMail } from '../provider';
import type { MailSession } from '../session/mail-session';
import { hasScope } from '../session/scopes';
import { graphCall } from './graph-request';

const recipients = (addresses: readonly string[]) =>
  addresses.map((address) => ({ emailAddress: { address } }));

/**
 * sendMail for a new message; reply / replyAll on the original for answers, so Exchange sets In-Reply-To,
 * References and the conversation itself. The recipients chosen in the compose dialog replace the defaults.
 */
export async function graphSend(
  session: MailSession,
  config: MicrosoftConfig,
  mail: OutgoingMail,
): Promise<void> {
  if (session.scopes && session.scopes.length > 0 && !hasScope(session.scopes, 'Mail.Send')) {
    throw new MailError('missing_scope', 'INSUFFICIENT_PERMISSIONS: Mail.Send was not granted.');
  }
  const body = { contentType: 'HTML', content: mail.body };
  if (mail.replyType !== 'new' && mail.originalMessageId) {
    const action = mail.replyType === 'replyAll' ? 'replyAll' : 'reply';
    await graphCall(session, config, `/me/messages/${encodeURIComponent(mail.originalMessageId)}/${action}`, {
      method: 'POST',
      body: { message: { toRecipients: recipients(mail.to), ccRecipients: recipients(mail.cc), body } },
    });
    return;
  }
  await graphCall(session, config, '/me/sendMail', {
    method: 'POST',
    body: {
      message: {
        subject: mail.subject,
        body,
        toRecipients: recipients(mail.to),
        ccRecipients: recipients(mail.cc),
      },
      saveToSentItems: true,
    },
  });
}
