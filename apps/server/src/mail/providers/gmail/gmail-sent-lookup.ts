import type { gmail_v1 } from '@googleapis/gmail';
import type { GoogleConfig } from '../../core/mail-config';
import { SEND_ID_HEADER } from '../../core/mime/send-identity';
import type { MailSession } from '../../core/session/mail-session';
import { header } from './gmail-message';
import { gmailCall } from './gmail-request';

/** Sent copies looked at: a mailbox sends far fewer messages than this between two tries of one message. */
const MAX_CANDIDATES = 25;
/** Clock skew allowed between us and Google when asking for messages sent after the first attempt. */
const SKEW_SECONDS = 300;

/**
 * Whether the mailbox's SENT label holds the message with this identity (decision 029). Gmail gives API sends
 * its own Message-ID, so `rfc822msgid:` cannot find ours; the X- header survives: the messages sent since the
 * first attempt (`after:` in epoch seconds) are read as metadata and their header compared.
 */
export async function isInGmailSent(
  session: MailSession,
  config: GoogleConfig,
  identity: { sendId: string; firstAttemptAfter: Date },
): Promise<boolean> {
  const after = Math.floor(identity.firstAttemptAfter.getTime() / 1000) - SKEW_SECONDS;
  const list = await gmailCall<gmail_v1.Schema$ListMessagesResponse>(session, config, '/users/me/messages', {
    query: { labelIds: 'SENT', q: `after:${after}`, maxResults: String(MAX_CANDIDATES) },
  });
  for (const { id } of list.messages ?? []) {
    if (!id) continue;
    const message = await gmailCall<gmail_v1.Schema$Message>(
      session,
      config,
      `/users/me/messages/${encodeURIComponent(id)}`,
      { query: { format: 'metadata', metadataHeaders: [SEND_ID_HEADER] } },
    );
    if (header(message.payload, SEND_ID_HEADER)?.trim() === identity.sendId) return true;
  }
  return false;
}
