import type { MailSession } from '../../core/session/mail-session';
import { withImap } from './imap-client';
import { findFolders } from './imap-folders';

/** Whether the mailbox's Sent folder holds a message with this Message-ID (SEARCH HEADER, decision 029). */
export async function isInImapSent(session: MailSession, messageId: string): Promise<boolean> {
  return withImap(session, async (client) => {
    const sent = (await findFolders(client)).sent;
    if (!sent) return false;
    const box = await client.mailboxOpen(sent, { readOnly: true });
    if (box.exists === 0) return false;
    const uids = (await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })) || [];
    return uids.length > 0;
  });
}
