import type { TokenCipher } from './tokens/token-cipher';

/** How a connection is secured: TLS from the first byte, STARTTLS (required), or none (loopback tests only). */
export type ConnectionSecurity = 'tls' | 'starttls' | 'none';
export type MailServer = { host: string; port: number; security: ConnectionSecurity };

/** An IMAP/SMTP mailbox's servers and login (decision 023); stored encrypted (`email_integrations.imap_account`). */
export type ImapAccount = {
  imap: MailServer;
  smtp: MailServer;
  username: string;
  password: string;
  /** PEM of extra certificate authorities to trust (a private CA, e.g. the tests' Dovecot); null for the system's. */
  ca: string | null;
};

/** The account as stored: one AES-256-GCM ciphertext of its JSON, like OAuth tokens. */
export function sealImapAccount(cipher: TokenCipher, account: ImapAccount): string {
  return cipher.encrypt(JSON.stringify(account));
}

export function openImapAccount(cipher: TokenCipher, sealed: string): ImapAccount {
  return JSON.parse(cipher.decrypt(sealed)) as ImapAccount;
}
