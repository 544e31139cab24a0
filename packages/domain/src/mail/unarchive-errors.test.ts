import { describe, expect, it } from 'vitest';
import { classifyUnarchiveError, EMAIL_MOVED_TO_INBOX, unarchiveErrorMessage } from './unarchive-errors';

describe('unarchive catalogue', () => {
  it('titles every failure "Move to Inbox Failed"', () => {
    expect(unarchiveErrorMessage('NotFoundInArchive')).toMatchObject({
      title: 'Move to Inbox Failed',
      description: expect.stringMatching(/^Email not found in archive/),
    });
    expect(unarchiveErrorMessage('InboxFolderMissing').description).toMatch(
      /^Could not locate your Inbox folder/,
    );
    expect(EMAIL_MOVED_TO_INBOX.title).toBe('Email Moved to Inbox');
  });

  it.each([
    ['Could not locate inbox folder', 'InboxFolderMissing'],
    ['TOKEN_EXPIRED', 'TokenExpired'],
    ['403 Forbidden', 'InsufficientPermissions'],
    ['ErrorItemNotFound', 'NotFoundInArchive'],
    ['kaboom', 'Unknown'],
  ] as const)('maps "%s" to %s', (message, code) => {
    expect(classifyUnarchiveError(message)).toBe(code);
  });
});
