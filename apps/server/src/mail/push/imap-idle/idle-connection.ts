import { ImapFlow } from 'imapflow';
import type { ImapAccount } from '../../core/imap-account';
import { checkedAddress, imapClientOptions } from '../../providers/imap/imap-client';
import { toProviderError } from '../../providers/imap/imap-errors';

/** IDLE is broken and issued again this often (servers end an IDLE after 30 minutes; NATs forget quiet sockets). */
const MAX_IDLE_MS = 4 * 60_000;

/**
 * Hosts that end an IDLE sooner (imap-fidelity I14), as EmailEngine's per-host overrides have them
 * (`lib/email-client/imap-client.js`): Rambler and 163.com once a minute, Yahoo every three minutes. Elsewhere a
 * change would be missed until the next poll when the host cut the IDLE first.
 */
const SHORTER_IDLE: ReadonlyArray<readonly [RegExp, number]> = [
  [/(^|\.)(rambler\.ru|163\.com)$/i, 55_000],
  [/(^|\.)yahoo\.com$/i, 3 * 60_000],
];

/** How often the IDLE on `host` is broken and issued again. */
export function idleCycleMs(host: string): number {
  return SHORTER_IDLE.find(([pattern]) => pattern.test(host))?.[1] ?? MAX_IDLE_MS;
}
/** Longer than Dovecot's "still here" every 2 minutes and the IDLE restart, so a live IDLE never times out. */
const SOCKET_TIMEOUT_MS = 6 * 60_000;

export type IdleConnection = {
  /** Ends the IDLE and logs out; `onClosed` is not called for a close asked for here. */
  close(): Promise<void>;
};

export type IdleHandlers = {
  /** The server told of a change in INBOX (new mail, an expunge, flags): queue a sync, never sync here. */
  onChange(): void;
  /** The connection ended on its own (server gone, network, logout by the server). */
  onClosed(error: unknown): void;
};

/**
 * One mailbox's IDLE on INBOX (read-only EXAMINE, so nothing here changes the mailbox): imapflow issues IDLE
 * whenever the connection is quiet and issues it again every `idleCycleMs(host)`. Failures to connect are ProviderErrors.
 */
export async function openIdleConnection(
  account: ImapAccount,
  allowPrivate: boolean,
  handlers: IdleHandlers,
): Promise<IdleConnection> {
  const { host } = account.imap;
  const address = await checkedAddress(account.imap, 'IMAP', allowPrivate);
  const client = new ImapFlow({
    ...imapClientOptions(account, address),
    socketTimeout: SOCKET_TIMEOUT_MS,
    maxIdleTime: idleCycleMs(host),
    // IDLE again a second after anything else ran (the first IDLE is started below).
    autoIdleDelay: 1_000,
  });
  let isClosing = false;
  let lastError: unknown = null;
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  client.on('exists', () => handlers.onChange());
  client.on('expunge', () => handlers.onChange());
  client.on('flags', () => handlers.onChange());
  try {
    await client.connect();
    await client.mailboxOpen('INBOX', { readOnly: true });
  } catch (error) {
    client.close();
    throw toProviderError(error, host);
  }
  client.on('close', () => {
    if (isClosing) return;
    handlers.onClosed(toProviderError(lastError ?? closedError(), host));
  });
  void client.idle().catch((error: unknown) => {
    lastError = error;
  });
  return {
    async close() {
      isClosing = true;
      await client.logout().catch(() => client.close());
    },
  };
}

function closedError(): Error {
  return Object.assign(new Error('The IMAP server closed the connection.'), { code: 'NoConnection' });
}
