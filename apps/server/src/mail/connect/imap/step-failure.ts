import type { ImapTestStep } from '@ledgerdesk/domain/api/imap-connect';

/** A step of Test connection that failed, in words (never with the password, never with a server's raw answer). */
export type StepFailure = { ok: false; step: ImapTestStep; code: string; message: string };

export function stepFailure(step: ImapTestStep, code: string, message: string): StepFailure {
  return { ok: false, step, code, message };
}

type NetFailure = Error & { code?: string; authenticationFailed?: boolean; responseCode?: number };

const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'EPROTO',
  'ETLS',
]);

/** Whether a socket failure is the TLS handshake's (a certificate not trusted, TLS spoken to a plain port …). */
export function isTlsFailure(error: unknown): boolean {
  const failure = error as NetFailure;
  if (failure?.code && TLS_CODES.has(failure.code)) return true;
  const text = failure instanceof Error ? failure.message : '';
  return /certificate|ssl|tls|wrong version number|handshake/i.test(text);
}

/** Why a connection to `where` failed (refused, timed out, TLS), in words. */
export function connectionWords(kind: 'IMAP' | 'SMTP', where: string, error: unknown): string {
  const code = socketCode(error);
  if (isTlsFailure(error))
    return `The ${kind} server ${where} did not complete a trusted TLS connection (its certificate is not trusted, or the port does not speak this security). Check the port and security.`;
  if (code === 'ECONNREFUSED') return `The ${kind} server ${where} refused the connection. Check the port.`;
  if (
    code === 'ETIMEDOUT' ||
    code === 'CONNECT_TIMEOUT' ||
    code === 'GREETING_TIMEOUT' ||
    code === 'ETIMEOUT'
  )
    return `The ${kind} server ${where} did not answer in time. Check the server name and port.`;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'NoConnection')
    return `The ${kind} server ${where} closed the connection. Check the port and security.`;
  return `Could not connect to the ${kind} server ${where}. Check the server name, port and security.`;
}

/** The socket's own code: nodemailer wraps it (ESOCKET, ECONNECTION) and keeps it only in the message. */
function socketCode(error: unknown): string {
  const failure = error as NetFailure;
  const code = failure?.code ?? '';
  if (code !== 'ESOCKET' && code !== 'ECONNECTION') return code;
  const inner = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)\b/.exec(failure.message ?? '');
  return inner?.[1] ?? code;
}
