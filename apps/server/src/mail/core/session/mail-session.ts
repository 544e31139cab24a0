import type { ImapAccount } from '../imap-account';
import type { RetryPolicy } from '../transport/retry-policy';

/** What an adapter needs to call a provider on behalf of one integration. */
export type MailSession = {
  integrationId: string;
  emailAddress: string;
  /**
   * The shared mailbox this session works on through the user's own token (Graph `/users/{address}/…`,
   * decision 024); null for the signed-in user's own mailbox.
   */
  sharedMailbox: string | null;
  /** Granted scopes as stored; null when unknown (older connections). */
  scopes: readonly string[] | null;
  policy: RetryPolicy;
  /** Absolute time (ms) by which the whole operation must finish. */
  deadline?: number;
  /** A valid access token, refreshed first when it expires within 5 minutes. */
  accessToken(): Promise<string>;
  /** Refreshes now (after the provider answered 401) and answers the new token. */
  refreshAccessToken(): Promise<string>;
  /**
   * An IMAP mailbox's servers and login (decrypted), and IMAP_ALLOW_PRIVATE_HOSTS: whether they may resolve to
   * private addresses (checked at every connection). Absent for OAuth providers, whose credential is the token.
   */
  imap?: { account: ImapAccount; allowPrivateHosts: boolean };
  /** Per-operation memo for lookups an adapter repeats (e.g. Graph folder ids). */
  memo: Map<string, unknown>;
};
