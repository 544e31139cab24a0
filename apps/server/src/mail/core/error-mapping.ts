import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { ACCESS_REMOVED_NOTE } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { THREE_FOLDER_SYNC_FAILED_FALLBACK } from '@ledgerdesk/domain/integrations/sync-messages';
import { ARCHIVE_ERRORS, type ArchiveErrorCode } from '@ledgerdesk/domain/mail/archive-errors';
import { EMAIL_FETCH_ERRORS, type EmailFetchErrorCode } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { SEND_ERRORS, type SendErrorCode } from '@ledgerdesk/domain/mail/send-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { type UnarchiveErrorCode, unarchiveErrorMessage } from '@ledgerdesk/domain/mail/unarchive-errors';
import { ITEM_PERMISSION_DENIED, ITEM_UPDATE_FALLBACK } from '@ledgerdesk/domain/triage/item-update-messages';
import { OFFICE365_ACCOUNT_REQUIRED } from '@ledgerdesk/domain/triage/validate-compose';
import { AppError } from '../../http/app-error';
import { MailError } from './errors';
import { ProviderError } from './transport/provider-error';

type Failure = { status: number; code: string; message: string };
/** An operation's failures by error kind (ProviderError or MailError), plus the one for every other kind. */
type FailureTable = { byKind: Partial<Record<string, Failure>>; otherwise: Failure };

const fetchFailure = (status: number, code: EmailFetchErrorCode): Failure => ({
  status,
  code,
  message: EMAIL_FETCH_ERRORS[code].description,
});
const archive = (status: number, code: ArchiveErrorCode): Failure => ({
  status,
  code,
  message: ARCHIVE_ERRORS[code].description,
});
const unarchive = (status: number, code: UnarchiveErrorCode): Failure => ({
  status,
  code,
  message: unarchiveErrorMessage(code).description,
});
const send = (status: number, code: SendErrorCode): Failure => ({
  status,
  code,
  message: SEND_ERRORS[code].description,
});
/** Gives several kinds the same failure. */
const each = (kinds: string[], failure: Failure) => Object.fromEntries(kinds.map((kind) => [kind, failure]));

const TOKEN_KINDS = ['reconnect_required', 'unauthorized', 'invalid_grant'];

const FETCH: FailureTable = {
  byKind: {
    ...each([...TOKEN_KINDS, 'forbidden'], fetchFailure(409, 'EmailAccountExpired')),
    ...each(['not_found', 'bad_request', 'message_not_found'], fetchFailure(404, 'EmailNotFound')),
    timeout: fetchFailure(504, 'RequestTimeout'),
    ...each(['network', 'unavailable', 'throttled'], fetchFailure(502, 'ProviderFetchFailed')),
  },
  otherwise: fetchFailure(502, 'Unknown'),
};

const ARCHIVE: FailureTable = {
  byKind: {
    missing_scope: archive(403, 'InsufficientPermissions'),
    archive_folder_missing: archive(409, 'ArchiveFolderMissing'),
    ...each(TOKEN_KINDS, archive(409, 'TokenExpired')),
    forbidden: archive(403, 'AccessDenied'),
    not_found: fetchFailure(404, 'EmailNotFound'),
  },
  otherwise: archive(502, 'Unknown'),
};

const UNARCHIVE: FailureTable = {
  byKind: {
    ...each(['not_found', 'message_not_found'], unarchive(404, 'NotFoundInArchive')),
    ...each(TOKEN_KINDS, unarchive(409, 'TokenExpired')),
    ...each(['missing_scope', 'forbidden'], unarchive(403, 'InsufficientPermissions')),
    inbox_folder_missing: unarchive(409, 'InboxFolderMissing'),
  },
  otherwise: unarchive(502, 'Unknown'),
};

/** Marking read or unread is an item update (spec §8 "Update Failed"), not an archive. */
const READ_STATE: FailureTable = {
  byKind: {
    ...each(TOKEN_KINDS, { status: 409, code: 'TokenExpired', message: CONNECTION_EXPIRED_MESSAGE }),
    ...each(['missing_scope', 'forbidden'], {
      status: 403,
      code: 'permission_denied',
      message: ITEM_PERMISSION_DENIED,
    }),
    ...each(['not_found', 'message_not_found'], fetchFailure(404, 'EmailNotFound')),
  },
  otherwise: { status: 502, code: 'provider_error', message: ITEM_UPDATE_FALLBACK },
};

const SEND: FailureTable = {
  byKind: {
    integration_not_found: send(404, 'ACCOUNT_NOT_CONNECTED'),
    account_not_connected: send(409, 'ACCOUNT_NOT_CONNECTED'),
    ...each(['reconnect_required', 'invalid_grant'], send(409, 'TOKEN_REFRESH_FAILED')),
    unauthorized: send(409, 'TOKEN_EXPIRED'),
    missing_scope: send(403, 'INSUFFICIENT_PERMISSIONS'),
    forbidden: send(403, 'FORBIDDEN'),
    throttled: send(429, 'RATE_LIMITED'),
  },
  otherwise: send(502, 'UNKNOWN'),
};

/** Every provider error kind a sync can meet; anything else is our own failure and answers a plain 500. */
const SYNC: FailureTable = {
  byKind: {
    ...each(TOKEN_KINDS, { status: 409, code: 'RECONNECT_REQUIRED', message: CONNECTION_EXPIRED_MESSAGE }),
  },
  otherwise: { status: 502, code: 'provider_error', message: THREE_FOLDER_SYNC_FAILED_FALLBACK },
};

const INTERNAL: Failure = { status: 500, code: 'internal_error', message: AUTH_MESSAGES.unexpectedError };

/** Failures every operation shares: the integration is not the caller's, is off, or its provider is not set up. */
const INTEGRATION: Partial<Record<string, Failure>> = {
  integration_not_found: fetchFailure(404, 'EmailIntegrationNotFound'),
  integration_inactive: fetchFailure(409, 'EmailIntegrationInactive'),
};

/** The AppError for a failure; the original error is kept as `cause`, which the error handler logs. */
function toAppError(failure: Failure, cause: unknown): AppError {
  const error = new AppError(failure.status, failure.code, failure.message);
  error.cause = cause;
  return error;
}

const kindOf = (error: unknown) =>
  error instanceof ProviderError ? error.kind : error instanceof MailError ? error.kind : 'unknown';

function lookUp(table: FailureTable, error: unknown): AppError {
  const kind = kindOf(error);
  const shared = INTEGRATION[kind];
  if (shared) return toAppError(shared, error);
  if (error instanceof MailError && error.kind === 'provider_not_configured')
    return toAppError({ status: 503, code: 'PROVIDER_NOT_CONFIGURED', message: error.message }, error);
  return toAppError(table.byKind[kind] ?? table.otherwise, error);
}

/** A content-fetch failure as the spec §8 "Email content fetch" catalogue entry. */
export function toFetchError(error: unknown): AppError {
  return lookUp(FETCH, error);
}

/** An archive failure as the spec §8 archive catalogue entry. */
export function toArchiveError(error: unknown): AppError {
  // A connection made before archiving was supported says so in the provider's message.
  if (
    error instanceof Error &&
    kindOf(error) === 'missing_scope' &&
    error.message.startsWith('MissingScopes')
  )
    return toAppError(archive(403, 'MissingScopes'), error);
  return lookUp(ARCHIVE, error);
}

/** An unarchive failure as the spec §8 "Move to Inbox Failed" text. */
export function toUnarchiveError(error: unknown): AppError {
  return lookUp(UNARCHIVE, error);
}

/** A failed mark read / unread as the spec §8 "Update Failed" texts. */
export function toReadStateError(error: unknown): AppError {
  return lookUp(READ_STATE, error);
}

/** A send failure as the spec §8 send catalogue entry. */
export function toSendError(error: unknown): AppError {
  if (error instanceof MailError && error.kind === 'integration_inactive') {
    return toAppError(
      { status: 409, code: 'INTEGRATION_INACTIVE', message: OFFICE365_ACCOUNT_REQUIRED.description },
      error,
    );
  }
  // A shared mailbox whose tenant grants the user neither Send As nor Send on behalf (decision 024).
  if (error instanceof ProviderError && error.providerCode === 'ErrorSendAsDenied')
    return toAppError(send(403, 'SEND_AS_DENIED'), error);
  if (
    error instanceof ProviderError &&
    error.kind === 'forbidden' &&
    /AccessDenied/i.test(error.providerCode ?? '')
  )
    return toAppError(send(403, 'ACCESS_DENIED'), error);
  if (error instanceof MailError && error.kind === 'integration_not_found')
    return toAppError(send(404, 'ACCOUNT_NOT_CONNECTED'), error);
  return lookUp(SEND, error);
}

/**
 * A sync or token failure: a connection that needs the user says so in the spec's words, a provider failure
 * gives the spec's sync fallback, and anything else (a database error, a bug) is a plain 500. No answer ever
 * carries the cause's own message: that may hold SQL, parameters and mail text.
 */
export function toSyncError(error: unknown): AppError {
  if (error instanceof MailError && error.kind === 'invalid_state')
    return toAppError({ status: 409, code: 'conflict', message: error.message }, error);
  if (!(error instanceof ProviderError) && !(error instanceof MailError)) return toAppError(INTERNAL, error);
  // A shared mailbox the tenant no longer lets the user open (decision 024) says so, not "connection expired".
  if (
    error instanceof MailError &&
    error.kind === 'reconnect_required' &&
    error.message === ACCESS_REMOVED_NOTE
  )
    return toAppError({ status: 409, code: 'ACCESS_REMOVED', message: ACCESS_REMOVED_NOTE }, error);
  return lookUp(SYNC, error);
}
