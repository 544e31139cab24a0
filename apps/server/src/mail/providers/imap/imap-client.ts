import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { ImapFlow } from 'imapflow';
import type { ImapAccount, MailServer } from '../../core/imap-account';
import type { MailSession } from '../../core/session/mail-session';
import { ProviderError } from '../../core/transport/provider-error';
import { toProviderError } from './imap-errors';
import { privateHostRefusal, resolveHost } from './resolve-host';

/** The account of an IMAP session (set by openSession for `imap` integrations). */
export function sessionAccount(session: MailSession): ImapAccount {
  if (!session.imap) throw new Error('An IMAP operation needs an IMAP session.');
  return session.imap.account;
}

export type ImapClientOptions = ConstructorParameters<typeof ImapFlow>[0] & { servername?: string };

/**
 * The address a connection to one of the account's servers goes to: its name resolved again for every connection
 * and checked as Connect checked it. A name that later resolves to a private address (a DNS answer changed after
 * Connect) is refused unless IMAP_ALLOW_PRIVATE_HOSTS, so a stored mailbox cannot turn the server into a probe of
 * its own network. The socket goes to the address checked here; the certificate is checked against the name.
 */
export async function checkedAddress(
  server: MailServer,
  kind: 'IMAP' | 'SMTP',
  allowPrivate: boolean,
): Promise<string> {
  const resolved = await resolveHost(server.host, allowPrivate);
  if (resolved.ok) return resolved.address;
  throw resolved.reason === 'private'
    ? new ProviderError('forbidden', privateHostRefusal(kind, server.host))
    : new ProviderError('network', `The ${kind} server name ${server.host} was not found.`);
}

/** The TLS name to check the certificate against when the socket goes to an address (none for an IP literal). */
export const serverNameOf = (host: string) => (isIP(host) ? {} : { servername: host });

/**
 * The CAs a connection trusts: Node's public list plus the account's extra CA (IMAP_EXTRA_CA_FILE). Node replaces
 * its public CAs entirely when `ca` is given, so the extra CA alone would make every public-CA host untrusted.
 */
export function trustedCa(extraCa: string | null | undefined): { ca?: string[] } {
  return extraCa ? { ca: [...rootCertificates, extraCa] } : {};
}

/**
 * How any connection of the account reaches its IMAP server: the checked address (checkedAddress), TLS against
 * the server's name, login, trusted CA, timeouts.
 */
export function imapClientOptions(account: ImapAccount, address: string): ImapClientOptions {
  const { host, port, security } = account.imap;
  return {
    host: address,
    ...serverNameOf(host),
    port,
    secure: security === 'tls',
    doSTARTTLS: security === 'starttls' ? true : security === 'none' ? false : undefined,
    auth: { user: account.username, pass: account.password },
    ...(account.ca ? { tls: trustedCa(account.ca) } : {}),
    logger: false,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
  };
}

/** A logged-in imapflow client for the account (not yet in a mailbox). Failures are ProviderErrors. */
export async function connectImap(account: ImapAccount, allowPrivate: boolean): Promise<ImapFlow> {
  const { host } = account.imap;
  const address = await checkedAddress(account.imap, 'IMAP', allowPrivate);
  const client = new ImapFlow({
    ...imapClientOptions(account, address),
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

/** session.memo key of the session's IMAP connection. */
const CONNECTION_KEY = 'imap-connection';

/**
 * How long a session's connection stays logged in after its last call: the next page of a first sync, the next
 * chunk of a lookup, the send's Sent lookup and APPEND reuse it instead of logging in again.
 */
export const IMAP_LINGER_MS = 3_000;

type SharedConnection = {
  /** The logged-in client, or null before the first call and after a failed connect. */
  client: Promise<ImapFlow> | null;
  /** The calls run one after another on the connection (each SELECTs its own folder): the last one queued. */
  tail: Promise<unknown>;
  queued: number;
  linger: NodeJS.Timeout | null;
};

const logout = (client: Promise<ImapFlow> | null) =>
  void client?.then(
    (open) => open.logout().catch(() => open.close()),
    () => undefined,
  );

/**
 * Runs `work` on the session's connection to its account, logged in once per operation (imapflow#75: Yahoo
 * answers bursts of logins with `NO [LIMIT]`; Office 365's connection accounting lags behind connect/close): the
 * calls of one sync, send or outbox round share it, one at a time, and it logs out `IMAP_LINGER_MS` after the last
 * one. A connection that broke is dropped and the next call connects afresh; failures are ProviderErrors.
 */
export async function withImap<T>(session: MailSession, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const account = sessionAccount(session);
  const connect = () => connectImap(account, session.imap?.allowPrivateHosts ?? false);
  let shared = session.memo.get(CONNECTION_KEY) as SharedConnection | undefined;
  if (!shared) {
    shared = { client: null, tail: Promise.resolve(), queued: 0, linger: null };
    session.memo.set(CONNECTION_KEY, shared);
  }
  const connection = shared;
  connection.queued += 1;
  if (connection.linger) clearTimeout(connection.linger);
  const turn = connection.tail.then(async () => {
    let client = connection.client ? await connection.client.catch(() => null) : null;
    if (!client?.usable) {
      // The first call, or the connection broke since the last one: log in (again).
      client?.close();
      connection.client = connect();
      try {
        client = await connection.client;
      } catch (error) {
        connection.client = null;
        throw error;
      }
    }
    try {
      return await work(client);
    } catch (error) {
      throw toProviderError(error, account.imap.host);
    }
  });
  connection.tail = turn.catch(() => undefined);
  void connection.tail.then(() => {
    connection.queued -= 1;
    if (connection.queued > 0) return;
    connection.linger = setTimeout(() => {
      if (connection.queued > 0) return;
      session.memo.delete(CONNECTION_KEY);
      logout(connection.client);
    }, IMAP_LINGER_MS);
    connection.linger.unref();
  });
  return turn;
}
