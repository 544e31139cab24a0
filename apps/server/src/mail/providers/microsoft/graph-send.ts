import { MailError } from '../../core/errors';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { OutgoingMail } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { hasMailScope } from '../../core/session/scopes';
import { isProviderError } from '../../core/transport/provider-error';
import { sendOnce } from '../../core/transport/send-once';
import { graphCall, graphMailbox } from './graph-request';
import { isInGraphSent, sendIdProperty } from './graph-send-identity';

const recipients = (addresses: readonly string[]) =>
  addresses.map((address) => ({ emailAddress: { address } }));

/**
 * A shared mailbox's mail goes out from its address (decision 024): `from` names it and Exchange sets `sender`
 * from the user's grants — Send As (sender = from), else Send on behalf (sender = the user), else 403
 * ErrorSendAsDenied, which the send path reports in words.
 */
const fromShared = (session: MailSession) =>
  session.sharedMailbox ? { from: { emailAddress: { address: session.sharedMailbox } } } : {};

/**
 * sendMail for a new message; reply / replyAll on the original for answers, so Exchange sets In-Reply-To,
 * References and the conversation itself. The recipients chosen in the compose dialog replace the defaults.
 * From a shared mailbox (decision 031) new mail goes through `/me/sendMail` with `from`, which needs only Send As
 * or Send on behalf; a reply is made in the shared mailbox, which also needs Full Access, and when Graph refuses
 * that (403 ErrorAccessDenied: nothing was sent) it goes out through `/me/sendMail` with `from` too.
 * The message carries our identity, and a send whose answer was lost is looked for in Sent Items instead of
 * being posted again (decision 029).
 */
export async function graphSend(
  session: MailSession,
  config: MicrosoftConfig,
  mail: OutgoingMail,
): Promise<void> {
  if (session.scopes && session.scopes.length > 0 && !hasMailScope(session, 'Mail.Send')) {
    const scope = session.sharedMailbox ? 'Mail.Send.Shared' : 'Mail.Send';
    throw new MailError('missing_scope', `INSUFFICIENT_PERMISSIONS: ${scope} was not granted.`);
  }
  await sendOnce({
    mayHaveBeenSent: mail.mayHaveBeenSent,
    post: () => postGraphSend(session, config, mail),
    // A shared mailbox's copy is in its own Sent Items (a reply made there) or the user's (`/me/sendMail`).
    isSent: async () =>
      (await isInGraphSent(session, config, mail.sendId)) ||
      (session.sharedMailbox !== null && (await isInGraphSent(session, config, mail.sendId, '/me'))),
    ...(session.deadline === undefined ? {} : { deadline: session.deadline }),
  });
}

async function postGraphSend(session: MailSession, config: MicrosoftConfig, mail: OutgoingMail) {
  const mailbox = graphMailbox(session);
  const body = { contentType: 'HTML', content: mail.body };
  if (mail.replyType !== 'new' && mail.originalMessageId) {
    const action = mail.replyType === 'replyAll' ? 'replyAll' : 'reply';
    try {
      await graphCall(
        session,
        config,
        `${mailbox}/messages/${encodeURIComponent(mail.originalMessageId)}/${action}`,
        {
          method: 'POST',
          isIdempotent: false,
          body: {
            message: {
              ...fromShared(session),
              toRecipients: recipients(mail.to),
              ccRecipients: recipients(mail.cc),
              body,
              ...sendIdProperty(mail.sendId),
            },
          },
        },
      );
      return;
    } catch (error) {
      if (!session.sharedMailbox || !isWithoutFullAccess(error)) throw error;
    }
  }
  // A shared mailbox's mail is sent by the user with `from` naming it: Send As or Send on behalf suffices.
  await graphCall(session, config, session.sharedMailbox ? '/me/sendMail' : `${mailbox}/sendMail`, {
    method: 'POST',
    isIdempotent: false,
    body: {
      message: {
        ...fromShared(session),
        subject: mail.subject,
        body,
        toRecipients: recipients(mail.to),
        ccRecipients: recipients(mail.cc),
        ...sendIdProperty(mail.sendId),
      },
      saveToSentItems: true,
    },
  });
}

/** Graph's refusal of work inside another user's mailbox without Full Access (not ErrorSendAsDenied). */
const isWithoutFullAccess = (error: unknown) =>
  isProviderError(error, 'forbidden') && error.providerCode === 'ErrorAccessDenied';
