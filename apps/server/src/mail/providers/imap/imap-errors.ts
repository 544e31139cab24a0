import { ProviderError } from '../../core/transport/provider-error';

type ImapFailure = Error & {
  authenticationFailed?: boolean;
  code?: string;
  responseText?: string;
  serverResponseCode?: string;
};

/**
 * Response codes of a refused login that say "not now" rather than "wrong credentials" (RFC 5530: UNAVAILABLE,
 * LIMIT, INUSE; Dovecot answers LIMIT when mail_max_userip_connections is reached).
 */
const BUSY_CODES = new Set(['UNAVAILABLE', 'LIMIT', 'INUSE']);
/** Gmail answers an over-limit login `NO [ALERT] Too many simultaneous connections. (Failure)`: no busy code. */
const BUSY_TEXT = /too many simultaneous connections|maximum number of connections|rate limit/i;
const ALERT_MAX_CHARS = 300;

/** How the server refused a login: for now (busy), or for good (the password), with its `[ALERT]` text if any. */
export type LoginRefusal = { isBusy: boolean; alert: string | null };

/** A failure of connect() that is the server refusing the login, classified; null for any other failure. */
export function loginRefusalOf(error: unknown): LoginRefusal | null {
  const failure = error as ImapFailure | null;
  if (!failure?.authenticationFailed) return null;
  const code = (failure.serverResponseCode ?? '').toUpperCase();
  const text = failure.responseText ?? '';
  return {
    isBusy: BUSY_CODES.has(code) || BUSY_TEXT.test(text),
    // RFC 3501 §7.1: the text of an ALERT "MUST be presented to the user" (it never holds the password).
    alert: code === 'ALERT' ? alertText(text) : null,
  };
}

function alertText(text: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a server's text is shown, never its control bytes.
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > ALERT_MAX_CHARS ? `${clean.slice(0, ALERT_MAX_CHARS)}…` : clean;
}

/** A busy refusal in words: the mailbox's other mail apps count against the same limit, and it passes. */
export function busyLoginWords(host: string, alert: string | null): string {
  const said = alert ? ` It said: "${alert}"` : '';
  return `The IMAP server ${host} refused the login for now: too many connections to this mailbox at once (the mailbox's other mail apps count too).${said} Ledgerdesk tries again shortly.`;
}

/** A refused password in words, with the server's `[ALERT]` text when it sent one (it usually says what to do). */
export function refusedLoginWords(host: string, alert: string | null): string {
  const base = `The IMAP server ${host} refused the user name or password.`;
  return alert ? `${base} It said: "${alert}"` : base;
}

/**
 * An imapflow failure as the engine's ProviderError: a refused login is `unauthorized`, like a refused token,
 * unless the server said it is busy (`unavailable`: retried with backoff, the password kept).
 */
export function toProviderError(error: unknown, host: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const failure = (error instanceof Error ? error : new Error(String(error))) as ImapFailure;
  const refusal = loginRefusalOf(failure);
  if (refusal)
    return refusal.isBusy
      ? new ProviderError('unavailable', busyLoginWords(host, refusal.alert))
      : new ProviderError('unauthorized', refusedLoginWords(host, refusal.alert));
  const code = failure.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ProviderError('network', `The IMAP server name ${host} was not found.`);
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'NoConnection')
    return new ProviderError('unavailable', `The IMAP server ${host} could not be reached (${code}).`);
  if (code === 'ETIMEDOUT' || code === 'CONNECT_TIMEOUT' || code === 'GREETING_TIMEOUT')
    return new ProviderError('timeout', `The IMAP server ${host} did not answer in time.`);
  const detail = failure.responseText ?? failure.message;
  return new ProviderError('unknown', `The IMAP server ${host} answered: ${detail}`);
}
