import { backendErrorBody, googleErrorBody, rateLimitBody } from '../gmail/errors';
import { graphErrorBody } from '../graph/errors';
import { microsoftErrorBody } from '../oauth/token-errors';
import type { Provider } from '../store/types';

export type FaultTarget = { provider: Provider; isTokenEndpoint: boolean };

/** Which provider (and whether its token endpoint) a sandbox-relative path belongs to; control is never faulted. */
export function faultTarget(localPath: string): FaultTarget | undefined {
  if (localPath.startsWith('/graph/')) return { provider: 'office365', isTokenEndpoint: false };
  if (/^\/microsoft\/[^/]+\/oauth2\/v2\.0\/token/.test(localPath))
    return { provider: 'office365', isTokenEndpoint: true };
  if (localPath.startsWith('/gmail/')) return { provider: 'gmail', isTokenEndpoint: false };
  if (localPath.startsWith('/google/token')) return { provider: 'gmail', isTokenEndpoint: true };
  return undefined;
}

/** The error body each provider really sends for 429 / 500 / 503 on that kind of endpoint. */
export function faultBody(target: FaultTarget, status: 429 | 500 | 503): unknown {
  if (target.provider === 'office365' && target.isTokenEndpoint) {
    return status === 500
      ? microsoftErrorBody('server_error', 90033, 'A transient error has occurred. Please try again.')
      : microsoftErrorBody(
          'temporarily_unavailable',
          90033,
          'A transient error has occurred. Please try again.',
        );
  }
  if (target.provider === 'office365') {
    if (status === 429)
      return graphErrorBody('ApplicationThrottled', 'Application is over its MailboxConcurrency limit.');
    if (status === 503)
      return graphErrorBody(
        'ServiceNotAvailable',
        'The service is temporarily unavailable. Please retry later.',
      );
    return graphErrorBody('generalException', 'General exception while processing.');
  }
  if (target.isTokenEndpoint) {
    if (status === 429)
      return { error: 'rate_limit_exceeded', error_description: 'Rate limit exceeded. Try again later.' };
    if (status === 503)
      return { error: 'temporarily_unavailable', error_description: 'The service is currently unavailable.' };
    return { error: 'internal_failure', error_description: 'Backend Error' };
  }
  if (status === 429) return rateLimitBody();
  return status === 503 ? backendErrorBody(503) : backendErrorBody(500);
}

export function gatewayTimeoutBody(target: FaultTarget): unknown {
  return target.provider === 'office365'
    ? graphErrorBody('GatewayTimeout', 'The request timed out.')
    : googleErrorBody(504, 'DEADLINE_EXCEEDED', 'The request timed out.', { reason: 'backendError' });
}
