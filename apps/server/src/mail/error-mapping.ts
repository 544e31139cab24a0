import { ARCHIVE_ERRORS, type ArchiveErrorCode } from '@ledgerdesk/domain/mail/archive-errors';
import { EMAIL_FETCH_ERRORS, type EmailFetchErrorCode } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { SEND_ERRORS, type SendErrorCode } from '@ledgerdesk/domain/mail/send-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { type UnarchiveErrorCode, unarchiveErrorMessage } from '@ledgerdesk/domain/mail/unarchive-errors';
import { OFFICE365_ACCOUNT_REQUIRED } from '@ledgerdesk/domain/triage/validate-compose';
import { AppError } from '../http/app-error';
import { MailError } from './errors';
import { ProviderError } from './http/provider-error';

type Failure = { status: number; code: string; message: string };

const fetchFailure = (status: number, code: EmailFetchErrorCode): Failure => ({
  status,
  code,
  message: EMAIL_FETCH_ERRORS[code].description,
});

/** Failures every operation shares: the integration is not the caller's, is off, or its provider is not set up. */
function integrationFailure(error: unknown): Failure | null {
  if (!(error instanceof MailError)) return null;
  if (error.kind === 'integration_not_found') return fetchFailure(404, 'EmailIntegrationNotFound');
  if (error.kind === 'integration_inactive') return fetchFailure(409, 'EmailIntegrationInactive');
  if (error.kind === 'provider_not_configured')
    return { status: 503, code: 'PROVIDER_NOT_CONFIGURED', message: error.message };
  return null;
}

/** The AppError for a failure; the original error is kept as `cause` for the logs. */
function toAppError(failure: Failure, cause: unknown): AppError {
  const error = new AppError(failure.status, failure.code, failure.message);
  error.cause = cause;
  return error;
}

const kindOf = (error: unknown) =>
  error instanceof ProviderError ? error.kind : error instanceof MailError ? error.kind : 'unknown';

/** A content-fetch failure as the spec §8 "Email content fetch" catalogue entry. */
export function toFetchError(error: unknown): AppError {
  const shared = integrationFailure(error);
  if (shared) return toAppError(shared, error);
  const kind = kindOf(error);
  const failure: Failure =
    kind === 'reconnect_required' ||
    kind === 'unauthorized' ||
    kind === 'invalid_grant' ||
    kind === 'forbidden'
      ? fetchFailure(409, 'EmailAccountExpired')
      : kind === 'not_found' || kind === 'bad_request' || kind === 'message_not_found'
        ? fetchFailure(404, 'EmailNotFound')
        : kind === 'timeout'
          ? fetchFailure(504, 'RequestTimeout')
          : kind === 'network' || kind === 'unavailable' || kind === 'throttled'
            ? fetchFailure(502, 'ProviderFetchFailed')
            : fetchFailure(502, 'Unknown');
  return toAppError(failure, error);
}

/** An archive failure as the spec §8 archive catalogue entry. */
export function toArchiveError(error: unknown): AppError {
  const shared = integrationFailure(error);
  if (shared) return toAppError(shared, error);
  const kind = kindOf(error);
  const archive = (status: number, code: ArchiveErrorCode): Failure => ({
    status,
    code,
    message: ARCHIVE_ERRORS[code].description,
  });
  const failure: Failure =
    kind === 'missing_scope'
      ? archive(
          403,
          error instanceof Error && error.message.startsWith('MissingScopes')
            ? 'MissingScopes'
            : 'InsufficientPermissions',
        )
      : kind === 'archive_folder_missing'
        ? archive(409, 'ArchiveFolderMissing')
        : kind === 'reconnect_required' || kind === 'unauthorized' || kind === 'invalid_grant'
          ? archive(409, 'TokenExpired')
          : kind === 'forbidden'
            ? archive(403, 'AccessDenied')
            : kind === 'not_found'
              ? fetchFailure(404, 'EmailNotFound')
              : archive(502, 'Unknown');
  return toAppError(failure, error);
}

/** An unarchive failure as the spec §8 "Move to Inbox Failed" text. */
export function toUnarchiveError(error: unknown): AppError {
  const shared = integrationFailure(error);
  if (shared) return toAppError(shared, error);
  const kind = kindOf(error);
  const unarchive = (status: number, code: UnarchiveErrorCode): Failure => ({
    status,
    code,
    message: unarchiveErrorMessage(code).description,
  });
  const failure: Failure =
    kind === 'not_found' || kind === 'message_not_found'
      ? unarchive(404, 'NotFoundInArchive')
      : kind === 'reconnect_required' || kind === 'unauthorized' || kind === 'invalid_grant'
        ? unarchive(409, 'TokenExpired')
        : kind === 'missing_scope' || kind === 'forbidden'
          ? unarchive(403, 'InsufficientPermissions')
          : kind === 'inbox_folder_missing'
            ? unarchive(409, 'InboxFolderMissing')
            : unarchive(502, 'Unknown');
  return toAppError(failure, error);
}

/** A send failure as the spec §8 send catalogue entry. */
export function toSendError(error: unknown): AppError {
  if (error instanceof MailError && error.kind === 'integration_inactive') {
    return toAppError(
      { status: 409, code: 'INTEGRATION_INACTIVE', message: OFFICE365_ACCOUNT_REQUIRED.description },
      error,
    );
  }
  const kind = kindOf(error);
  const send = (status: number, code: SendErrorCode): Failure => ({
    status,
    code,
    message: SEND_ERRORS[code].description,
  });
  const accessDenied = error instanceof ProviderError && /AccessDenied/i.test(error.providerCode ?? '');
  const failure: Failure =
    kind === 'integration_not_found'
      ? send(404, 'ACCOUNT_NOT_CONNECTED')
      : kind === 'account_not_connected'
        ? send(409, 'ACCOUNT_NOT_CONNECTED')
        : kind === 'reconnect_required' || kind === 'invalid_grant'
          ? send(409, 'TOKEN_REFRESH_FAILED')
          : kind === 'unauthorized'
            ? send(409, 'TOKEN_EXPIRED')
            : kind === 'missing_scope'
              ? send(403, 'INSUFFICIENT_PERMISSIONS')
              : kind === 'forbidden'
                ? send(403, accessDenied ? 'ACCESS_DENIED' : 'FORBIDDEN')
                : kind === 'throttled'
                  ? send(429, 'RATE_LIMITED')
                  : send(502, 'UNKNOWN');
  return toAppError(failure, error);
}

/** A sync or token failure: a connection that needs the user says so in the spec's words. */
export function toSyncError(error: unknown): AppError {
  const shared = integrationFailure(error);
  if (shared) return toAppError(shared, error);
  const kind = kindOf(error);
  if (kind === 'reconnect_required' || kind === 'invalid_grant' || kind === 'unauthorized') {
    return toAppError(
      { status: 409, code: 'RECONNECT_REQUIRED', message: CONNECTION_EXPIRED_MESSAGE },
      error,
    );
  }
  if (kind === 'invalid_state')
    return toAppError({ status: 409, code: 'conflict', message: (error as Error).message }, error);
  const detail = error instanceof Error ? error.message : String(error);
  return toAppError(
    { status: 502, code: 'provider_error', message: `The email provider could not be reached: ${detail}` },
    error,
  );
}
