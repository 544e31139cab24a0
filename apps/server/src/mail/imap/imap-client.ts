import { ImapFlow } from 'imapflow';
import type { MailSession } from '../session/mail-session';
import type { ImapAccount } from './imap-account';
import { toProviderError } from './imap-errors';

/** The account of an IMAP session (set by openSession for `imap` integrations). */
export function sessionAccount(session: MailSession): ImapAccount {
  if (!session.imapAccount) throw new Error('An IMAP operation needs an IMAP session.');
  return session.imapAccount;
}

export type ImapClientOptions = ConstructorParameters<typeof ImapFlow>[0];

/** How any connection of the account reaches its IMAP server: address, TLS, login, trusted CA, timeouts. */
export function imapClientOptions(account: ImapAccount): ImapClientOptions {
  const { host, port, security } = account.imap;
  return {
    host,
    port,
    secure: security === 'tls',
    doSTARTTLS: security === 'starttls' ? true : security === 'none' ? false : undefined,
    auth: { user: account.username, pass: account.password },
    ...(account.ca ? { tls: { ca: account.ca } } : {}),
    logger: false,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
  };
}

/** A logged-in imapflow client for the account (not yet in a mailbox). Failures are ProviderErrors. */
export async function connectImap(account: ImapAccount): Promise<ImapFlow> {
  const { host } = account.imap;
  const client = new ImapFlow({
    ...imapClientOptions(account),
    socketTimeout: 120_000,
    // CONDSTORE/QRESYNC when offered: flag changes since a mod-sequence (imap-changes.ts).
    qresync: true,
  });
  // A socket error after connect surfaces on the pending command; without a listener it would crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw toProviderError(error, host);
  }
  return client;
}

/** Runs `work` on a fresh connection of the session's account and logs out afterwards, whatever happens. */
export async function withImap<T>(session: MailSession, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const account = sessionAccount(session);
  const client = await connectImap(account);
  try {
    return await work(client);
  } catch (error) {
    throw toProviderError(error, account.imap.host);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
