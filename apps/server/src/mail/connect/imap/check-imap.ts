import type { ImapFoldersFound } from '@ledgerdesk/domain/api/imap-connect';
import { OAUTH_CARD_WORDS } from '@ledgerdesk/domain/integrations/imap-oauth-card';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { ImapAccount } from '../../core/imap-account';
import { imapClientOptions } from '../../providers/imap/imap-client';
import { busyLoginWords, loginRefusalOf } from '../../providers/imap/imap-errors';
import { findFolders } from '../../providers/imap/imap-folders';
import { loginRefusedAdvice } from './login-refused-advice';
import { connectionWords, type StepFailure, stepFailure } from './step-failure';

const TIMEOUT_MS = 10_000;

/**
 * Connects (TLS or STARTTLS as asked) to the checked address, logs in, and looks for INBOX and the special-use
 * folders. Stops at the first step that fails and says which, in words.
 */
export async function checkImap(
  account: ImapAccount,
  address: string,
): Promise<{ ok: true; folders: ImapFoldersFound } | StepFailure> {
  const { host, port } = account.imap;
  const where = `${host}:${port}`;
  // The same connection options as every later connection (the certificate checked against the typed name, no
  // server name for an IP literal), with Test connection's shorter waits.
  const options: ImapFlowOptions = {
    ...imapClientOptions(account, address),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 30_000,
  };
  const client = new ImapFlow(options);
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    client.close();
    const refusal = loginRefusalOf(error);
    if (refusal?.isBusy) return stepFailure('login', 'IMAP_LOGIN_BUSY', busyLoginWords(host, refusal.alert));
    if (refusal)
      return stepFailure('login', 'IMAP_LOGIN_REFUSED', loginRefusedAdvice(account, refusal.alert));
    return stepFailure('connection', 'IMAP_CONNECTION_FAILED', connectionWords('IMAP', where, error));
  }
  try {
    // A Gmail server behind a name of the firm's own (X-GM-EXT-1 is Gmail's extension): the Gmail card.
    if (client.capabilities.has('X-GM-EXT-1'))
      return stepFailure('login', 'IMAP_USE_GMAIL_CARD', OAUTH_CARD_WORDS.gmail);
    const inbox = await client.status('INBOX', { messages: true }).catch(() => null);
    if (!inbox)
      return stepFailure('inbox', 'IMAP_NO_INBOX', `The IMAP server ${host} has no INBOX for this login.`);
    const folders = await findFolders(client);
    return { ok: true, folders: { inbox: 'INBOX', sent: folders.sent, archive: folders.archive } };
  } catch (error) {
    return stepFailure('inbox', 'IMAP_NO_INBOX', connectionWords('IMAP', where, error));
  } finally {
    await client.logout().catch(() => client.close());
  }
}
