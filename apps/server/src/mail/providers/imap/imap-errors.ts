import { ProviderError } from '../../core/transport/provider-error';

type ImapFailure = Error & {
  authenticationFailed?: boolean;
  code?: string;
  responseText?: string;
  serverResponseCode?: string;
};

/** An imapflow failure as the engine's ProviderError: a refused login is `unauthorized`, like a refused token. */
export function toProviderError(error: unknown, host: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const failure = (error instanceof Error ? error : new Error(String(error))) as ImapFailure;
  if (failure.authenticationFailed)
    return new ProviderError('unauthorized', `The IMAP server ${host} refused the user name or password.`);
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
