import type { ImapAccount } from '../../core/imap-account';
import { refusedLoginWords } from '../../providers/imap/imap-errors';

/**
 * Test connection's words for a refused login: the server's `[ALERT]` text when it sent one (it usually says what
 * to do: "Application-specific password required", "log in via your web browser"), else where to look.
 */
export function loginRefusedAdvice(account: ImapAccount, alert: string | null): string {
  const refused = refusedLoginWords(account.imap.host, alert);
  return alert
    ? `${refused} Check the user name and password.`
    : `${refused} Check them (many hosts want an app password, and some need IMAP access switched on in their settings first).`;
}
