import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { EMAIL_FETCH_ERRORS } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { unarchiveErrorMessage } from '@ledgerdesk/domain/mail/unarchive-errors';
import { ITEM_PERMISSION_DENIED, ITEM_UPDATE_FALLBACK } from '@ledgerdesk/domain/triage/item-update-messages';
import { describe, expect, it } from 'vitest';
import { toArchiveError, toReadStateError, toSyncError, toUnarchiveError } from './error-mapping';
import { MailError } from './errors';
import { ProviderError } from './transport/provider-error';

const provider = (kind: ConstructorParameters<typeof ProviderError>[0], message = 'provider said no') =>
  new ProviderError(kind, message);
const answer = (error: { statusCode: number; code: string; message: string }) => [
  error.statusCode,
  error.code,
  error.message,
];

describe('toArchiveError', () => {
  it.each([
    [provider('unauthorized'), 409, 'TokenExpired', ARCHIVE_ERRORS.TokenExpired.description],
    [provider('invalid_grant'), 409, 'TokenExpired', ARCHIVE_ERRORS.TokenExpired.description],
    [new MailError('reconnect_required', 'x'), 409, 'TokenExpired', ARCHIVE_ERRORS.TokenExpired.description],
    [provider('forbidden'), 403, 'AccessDenied', ARCHIVE_ERRORS.AccessDenied.description],
    [
      new MailError('missing_scope', 'no scope'),
      403,
      'InsufficientPermissions',
      ARCHIVE_ERRORS.InsufficientPermissions.description,
    ],
    [
      new MailError('missing_scope', 'MissingScopes: old grant'),
      403,
      'MissingScopes',
      ARCHIVE_ERRORS.MissingScopes.description,
    ],
    [
      new MailError('archive_folder_missing', 'x'),
      409,
      'ArchiveFolderMissing',
      ARCHIVE_ERRORS.ArchiveFolderMissing.description,
    ],
    [provider('not_found'), 404, 'EmailNotFound', EMAIL_FETCH_ERRORS.EmailNotFound.description],
    [provider('unavailable'), 502, 'Unknown', ARCHIVE_ERRORS.Unknown.description],
    [new Error('socket hang up'), 502, 'Unknown', ARCHIVE_ERRORS.Unknown.description],
    [
      new MailError('integration_not_found', 'x'),
      404,
      'EmailIntegrationNotFound',
      EMAIL_FETCH_ERRORS.EmailIntegrationNotFound.description,
    ],
    [
      new MailError('integration_inactive', 'x'),
      409,
      'EmailIntegrationInactive',
      EMAIL_FETCH_ERRORS.EmailIntegrationInactive.description,
    ],
  ])('maps %o to %i %s', (error, status, code, message) => {
    const mapped = toArchiveError(error);
    expect(answer(mapped)).toEqual([status, code, message]);
    expect(mapped.cause).toBe(error);
  });
});

describe('toUnarchiveError', () => {
  it.each([
    [provider('not_found'), 404, 'NotFoundInArchive'],
    [new MailError('message_not_found', 'x'), 404, 'NotFoundInArchive'],
    [provider('unauthorized'), 409, 'TokenExpired'],
    [new MailError('reconnect_required', 'x'), 409, 'TokenExpired'],
    [provider('forbidden'), 403, 'InsufficientPermissions'],
    [new MailError('missing_scope', 'x'), 403, 'InsufficientPermissions'],
    [new MailError('inbox_folder_missing', 'x'), 409, 'InboxFolderMissing'],
    [provider('timeout'), 502, 'Unknown'],
  ] as const)('maps %o to %i %s with the Move to Inbox Failed text', (error, status, code) => {
    expect(answer(toUnarchiveError(error))).toEqual([status, code, unarchiveErrorMessage(code).description]);
  });
});

describe('toReadStateError', () => {
  it.each([
    [provider('unauthorized'), 409, CONNECTION_EXPIRED_MESSAGE],
    [new MailError('reconnect_required', 'x'), 409, CONNECTION_EXPIRED_MESSAGE],
    [provider('forbidden'), 403, ITEM_PERMISSION_DENIED],
    [new MailError('missing_scope', 'x'), 403, ITEM_PERMISSION_DENIED],
    [provider('not_found'), 404, EMAIL_FETCH_ERRORS.EmailNotFound.description],
    [provider('unavailable'), 502, ITEM_UPDATE_FALLBACK],
  ] as const)('maps %o to %i with an item-update text', (error, status, message) => {
    const mapped = toReadStateError(error);
    expect([mapped.statusCode, mapped.message]).toEqual([status, message]);
  });

  it('never answers with the archive texts', () => {
    const archiveTexts = Object.values(ARCHIVE_ERRORS).map((entry) => entry.description);
    for (const kind of ['unauthorized', 'forbidden', 'not_found', 'unavailable', 'unknown'] as const) {
      expect(archiveTexts).not.toContain(toReadStateError(provider(kind)).message);
    }
  });
});

describe('toSyncError', () => {
  it('answers a failure of our own (a database error) with the generic 500, never its message', () => {
    const sqlFailure = new Error(
      'Failed query: insert into "triage_items" ("id") values ($1) params: secret-mail-text',
    );
    const mapped = toSyncError(sqlFailure);
    expect(answer(mapped)).toEqual([
      500,
      'internal_error',
      'An unexpected error occurred. Please try again.',
    ]);
    expect(mapped.cause).toBe(sqlFailure);
  });

  it('answers a provider failure with the spec sync fallback, without the provider message', () => {
    const mapped = toSyncError(provider('unavailable', 'upstream body: secret'));
    expect(mapped.statusCode).toBe(502);
    expect(mapped.message).not.toContain('secret');
  });

  it('answers a connection that needs the user with the spec text', () => {
    expect(toSyncError(provider('invalid_grant')).message).toBe(CONNECTION_EXPIRED_MESSAGE);
  });
});
