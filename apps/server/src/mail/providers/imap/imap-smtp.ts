import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { ImapAccount } from '../../core/imap-account';
import { ProviderError } from '../../core/transport/provider-error';
import { checkedAddress, serverNameOf, trustedCa } from './imap-client';

type SmtpFailure = Error & { code?: string; responseCode?: number; response?: string; rejected?: string[] };

const isTemporary = (failure: SmtpFailure) =>
  (failure.responseCode ?? 0) >= 400 && (failure.responseCode ?? 0) < 500;

const isCertificateFailure = (failure: SmtpFailure) =>
  /certificate|CERT_|ERR_TLS_CERT_ALTNAME_INVALID|self[- ]signed/i.test(failure.message);

function recipients(failure: SmtpFailure): string {
  const rejected = failure.rejected ?? [];
  if (rejected.length === 0) return 'the recipients';
  return `${rejected.length === 1 ? 'the recipient' : 'the recipients'} ${rejected.join(', ')}`;
}

/**
 * An SMTP failure as a ProviderError in words: a refused login is `unauthorized` (never the password: only the
 * server's answer is quoted), refused recipients are named, a 4xx answer or an unreachable server may be retried.
 */
export function toSmtpError(error: unknown, host: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const failure = (error instanceof Error ? error : new Error(String(error))) as SmtpFailure;
  const answer = failure.response ? ` (${failure.response.replace(/\s+/g, ' ').trim()})` : '';
  switch (failure.code) {
    case 'EAUTH':
      // A 4xx answer to AUTH is temporary (RFC 5321 §4.2.1; Gmail's `454 4.7.0 Too many login attempts`).
      if (isTemporary(failure))
        return new ProviderError('unavailable', `The SMTP server ${host} asked to try later${answer}.`);
      return new ProviderError(
        'unauthorized',
        `The SMTP server ${host} refused the user name or password${answer}.`,
      );
    case 'EENVELOPE':
      if (isTemporary(failure)) break;
      return new ProviderError(
        'bad_request',
        `The SMTP server ${host} refused ${recipients(failure)}${answer}.`,
      );
    case 'EDNS':
      return new ProviderError('network', `The SMTP server name ${host} was not found.`);
    case 'ETIMEDOUT':
      return new ProviderError('timeout', `The SMTP server ${host} did not answer in time.`);
    case 'ECONNECTION':
    case 'ESOCKET':
      // nodemailer wraps a certificate refused on the socket (wrong name, expired) in ESOCKET: not transient.
      if (isCertificateFailure(failure))
        return new ProviderError(
          'unknown',
          `The SMTP server ${host} did not present a trusted certificate for its name (${failure.message}).`,
        );
      return new ProviderError('unavailable', `The SMTP server ${host} could not be reached.`);
    case 'ETLS':
      return new ProviderError('unknown', `The SMTP server ${host} could not be reached securely (TLS).`);
  }
  if (isTemporary(failure))
    return new ProviderError('unavailable', `The SMTP server ${host} asked to try later${answer}.`);
  return new ProviderError('bad_request', `The SMTP server ${host} refused the message${answer}.`);
}

/**
 * The SMTP server was handed the whole message and the connection then failed before its answer to the end of
 * the data: the one window in which SMTP cannot tell whether the message was taken (RFC 1047). Decision 029.
 */
export class SmtpAnswerLostError extends ProviderError {
  constructor(host: string, cause: string) {
    super(
      'network',
      `The SMTP server ${host} received the whole message, then stopped answering (${cause}).`,
    );
  }
}

/**
 * How every SMTP connection of the account is made — sending, and Test connection's login (with shorter waits):
 * the socket goes to the address that was checked, the certificate is checked against the typed name (none sent
 * for an IP literal), STARTTLS is required when chosen.
 */
export function smtpTransportOptions(
  account: ImapAccount,
  address: string,
  waits: { connectionTimeout: number; greetingTimeout: number; socketTimeout: number } = {
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  },
) {
  const { host, port, security } = account.smtp;
  return {
    host: address,
    port,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none',
    auth: { user: account.username, pass: account.password },
    tls: { ...serverNameOf(host), ...trustedCa(account.ca) },
    ...waits,
    logger: false,
    debug: false,
  };
}

/**
 * Submits a raw message to the account's SMTP server (TLS, STARTTLS required, or none), logged in as the account.
 * A failure after the whole message went out without an answer from the server is a SmtpAnswerLostError.
 */
export async function submitMail(
  account: ImapAccount,
  envelope: { from: string; to: string[] },
  raw: string,
  allowPrivate: boolean,
): Promise<void> {
  const { host } = account.smtp;
  const address = await checkedAddress(account.smtp, 'SMTP', allowPrivate);
  const transport = nodemailer.createTransport(smtpTransportOptions(account, address));
  let isHandedOver = false;
  const stream = Readable.from([raw]);
  stream.once('end', () => {
    isHandedOver = true;
  });
  try {
    await transport.sendMail({ envelope, raw: stream });
  } catch (error) {
    const failure = error as SmtpFailure;
    // An answer from the server (4xx/5xx to the data) says what happened; a lost connection does not.
    if (isHandedOver && failure.responseCode === undefined)
      throw new SmtpAnswerLostError(host, failure.code ?? String(error));
    throw toSmtpError(error, host);
  } finally {
    transport.close();
  }
}
