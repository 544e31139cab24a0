import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { MOVE_TO_INBOX_FAILED_TITLE, unarchiveErrorMessage } from '@ledgerdesk/domain/mail/unarchive-errors';
import {
  BULK_PERMISSION_DENIED,
  BULK_UPDATE_FAILED_TITLE,
  INVALID_DATA_FORMAT,
  ITEM_PERMISSION_DENIED,
  UPDATE_FAILED_TITLE,
} from '@ledgerdesk/domain/triage/item-update-messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { bulkFailureToast, updateErrorToast } from './update-error-toast';

const NOT_FOUND_TEXT = 'This email could not be found. It may have been archived, moved, or deleted.';

describe('updateErrorToast', () => {
  it('gives row-level security and unseen ids the permission text', () => {
    expect(updateErrorToast(new ApiError(403, 'permission_denied', 'x'), 'clear', false)).toEqual({
      title: UPDATE_FAILED_TITLE,
      description: ITEM_PERMISSION_DENIED,
    });
    expect(updateErrorToast(new ApiError(404, 'not_found', 'x'), 'later', true)).toEqual({
      title: BULK_UPDATE_FAILED_TITLE,
      description: BULK_PERMISSION_DENIED,
    });
  });

  it('gives a check-constraint refusal the invalid-data text', () => {
    expect(updateErrorToast(new ApiError(400, 'invalid_data', 'x'), 'mark_read', false).description).toBe(
      INVALID_DATA_FORMAT,
    );
  });

  it('keeps the reconnection-required text of an archive refused with 403', () => {
    const { description } = ARCHIVE_ERRORS.InsufficientPermissions;
    expect(
      updateErrorToast(new ApiError(403, 'InsufficientPermissions', description), 'clear', false),
    ).toEqual({ title: 'Reconnection Required', description });
  });

  it('keeps the email-not-found text of an archive refused with 404 under "Archive Failed"', () => {
    expect(updateErrorToast(new ApiError(404, 'EmailNotFound', NOT_FOUND_TEXT), 'clear', false)).toEqual({
      title: 'Archive Failed',
      description: NOT_FOUND_TEXT,
    });
  });

  it('titles each archive failure by its code', () => {
    for (const code of ['TokenExpired', 'ArchiveFolderMissing', 'AccessDenied', 'Unknown'] as const) {
      const { title, description } = ARCHIVE_ERRORS[code];
      const status = code === 'AccessDenied' ? 403 : code === 'Unknown' ? 502 : 409;
      expect(updateErrorToast(new ApiError(status, code, description), 'clear', false)).toEqual({
        title,
        description,
      });
    }
  });

  it('keeps the unarchive texts, 404 and 403 included, under "Move to Inbox Failed"', () => {
    for (const [status, code] of [
      [404, 'NotFoundInArchive'],
      [403, 'InsufficientPermissions'],
      [409, 'TokenExpired'],
      [409, 'InboxFolderMissing'],
    ] as const) {
      const { description } = unarchiveErrorMessage(code);
      expect(updateErrorToast(new ApiError(status, code, description), 'move_to_inbox', false)).toEqual({
        title: MOVE_TO_INBOX_FAILED_TITLE,
        description,
      });
    }
  });

  it('shows a read-state failure as an item update with the server text, never an archive title', () => {
    const toast = updateErrorToast(
      new ApiError(502, 'provider_error', 'Could not mark it read.'),
      'mark_read',
      false,
    );
    expect(toast).toEqual({ title: UPDATE_FAILED_TITLE, description: 'Could not mark it read.' });
  });

  it('falls back to the generic text when a network error has no message', () => {
    expect(updateErrorToast(new Error(''), 'later', false).title).toBe(UPDATE_FAILED_TITLE);
    expect(updateErrorToast(new Error(''), 'later', false).description).not.toBe('');
  });
});

describe('bulkFailureToast', () => {
  it('titles one refused id of a bulk clear by its archive code', () => {
    const { description } = ARCHIVE_ERRORS.TokenExpired;
    expect(bulkFailureToast({ code: 'TokenExpired', message: description }, 'clear')).toEqual({
      title: 'Token Expired',
      description,
    });
  });
});
