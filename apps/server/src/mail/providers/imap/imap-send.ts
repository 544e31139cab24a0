import { type ReplyThreading, replyThreading } from '../../core/mime/reply-threading';
import { buildSendableMime } from '../../core/mime/send-identity';
import type { OutgoingMail } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { sendOnce } from '../../core/transport/send-once';
import { sessionAccount, withImap } from './imap-client';
import { findFolders } from './imap-folders';
import { lookupImapMessages } from './imap-lookup';
import { parseMessageRef } from './imap-message-id';
import { isInImapSent } from './imap-sent-lookup';
import { SmtpAnswerLostError, submitMail } from './imap-smtp';

/**
 * The original's Message-ID and References (the read side knows them), so the answer joins its thread in every
 * client. An original no longer in its folder still names its Message-ID in its id: In-Reply-To keeps that.
 */
async function threadingOf(session: MailSession, mail: OutgoingMail): Promise<ReplyThreading> {
  if (mail.replyType === 'new' || !mail.originalMessageId) return { inReplyTo: null, references: [] };
  const ref = parseMessageRef(mail.originalMessageId);
  const original = (await lookupImapMessages(session, [mail.originalMessageId])).get(mail.originalMessageId);
  const messageId = original?.internetMessageId ?? (ref && 'messageId' in ref ? ref.messageId : null);
  return replyThreading({ messageId, references: original?.references ?? [] });
}

const GMAIL_HOST = /(^|\.)(gmail|googlemail)\.com$/i;
/** Microsoft's SMTP submission hosts (Exchange Online, Outlook.com), which file what they send (imap-fidelity I13). */
const OUTLOOK_SMTP_HOST = /^(smtp\.office365\.com|smtp-mail\.outlook\.com)$/i;

/**
 * Whether the server files what its SMTP server sends in Sent by itself: Gmail does (its SMTP host, or its IMAP
 * server announcing X-GM-EXT-1), and so do Microsoft's SMTP hosts for mail sent as the login's own address (as
 * EmailEngine's `providerSavesSentCopy` has it; a delegated sender's copy is still ours to file). Without the
 * capabilities (not connected yet) only the host tells.
 */
export function serverFilesSent(
  smtpHost: string,
  imapCapabilities: ReadonlyMap<string, unknown> | null,
  sendsAsLogin = true,
): boolean {
  return (
    GMAIL_HOST.test(smtpHost) ||
    (imapCapabilities?.has('X-GM-EXT-1') ?? false) ||
    (sendsAsLogin && OUTLOOK_SMTP_HOST.test(smtpHost))
  );
}

/**
 * Files the sent copy in the Sent folder (special-use `\Sent`, else its usual name), flagged `\Seen`, unless the
 * server files it itself (Gmail, Microsoft's SMTP hosts) or has no Sent folder. The mail has gone out by then: a copy that cannot be
 * filed is left out rather than reported as a failed send (which would make the user send it twice).
 */
async function fileSentCopy(session: MailSession, raw: string): Promise<void> {
  const account = sessionAccount(session);
  const smtpHost = account.smtp.host;
  const from = session.emailAddress || account.username;
  const sendsAsLogin = from.toLowerCase() === account.username.toLowerCase();
  if (serverFilesSent(smtpHost, null, sendsAsLogin)) return;
  await withImap(session, async (client) => {
    if (serverFilesSent(smtpHost, client.capabilities, sendsAsLogin)) return;
    const sent = (await findFolders(client)).sent;
    if (sent) await client.append(sent, raw, ['\\Seen']);
  }).catch(() => undefined);
}

/**
 * Sends over the account's SMTP server with our Message-ID, then files the sent copy (decision 023). A message
 * an earlier attempt may have sent is looked for in Sent first; one the server received whole but did not answer
 * counts as sent (decision 029: SMTP cannot tell, and a second copy to the client is the worse mistake).
 */
export async function imapSend(session: MailSession, mail: OutgoingMail): Promise<void> {
  const account = sessionAccount(session);
  const from = session.emailAddress || account.username;
  const threading = await threadingOf(session, mail);
  const { raw, messageId } = buildSendableMime(from, mail, threading);
  const outcome = await sendOnce({
    mayHaveBeenSent: mail.mayHaveBeenSent,
    post: () =>
      submitMail(
        account,
        { from, to: [...mail.to, ...mail.cc] },
        raw,
        session.imap?.allowPrivateHosts ?? false,
      ),
    isSent: () => isInImapSent(session, messageId),
    recheckDelaysMs: [0],
    ...(session.deadline === undefined ? {} : { deadline: session.deadline }),
  }).catch((error: unknown) => {
    if (error instanceof SmtpAnswerLostError) return 'handed-over' as const;
    throw error;
  });
  if (outcome !== 'found') await fileSentCopy(session, raw);
}
