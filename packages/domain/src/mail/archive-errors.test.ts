import { describe, expect, it } from 'vitest';
import { ARCHIVE_ERRORS, classifyArchiveError, EMAIL_ARCHIVED } from './archive-errors';

describe('archive catalogue', () => {
  it('names the Mail.ReadWrite permission in every reconnection variant', () => {
    for (const code of ['MissingScopes', 'InsufficientPermissions', 'AccessDenied'] as const) {
      expect(ARCHIVE_ERRORS[code].title).toBe('Reconnection Required');
      expect(ARCHIVE_ERRORS[code].description).toContain('Mail.ReadWrite');
    }
  });

  it('uses the spec titles', () => {
    expect(ARCHIVE_ERRORS.TokenExpired.title).toBe('Token Expired');
    expect(ARCHIVE_ERRORS.ArchiveFolderMissing.title).toBe('Archive Folder Missing');
    expect(ARCHIVE_ERRORS.ArchiveFolderMissing.description).toContain(
      'create an Archive folder in your mailbox first',
    );
    expect(ARCHIVE_ERRORS.Unknown.title).toBe('Archive Failed');
    expect(EMAIL_ARCHIVED.title).toBe('Email Archived');
  });

  it.each([
    ['ArchiveFolderMissing', 'ArchiveFolderMissing'],
    ['Archive folder not found', 'ArchiveFolderMissing'],
    ['InvalidAuthenticationToken', 'TokenExpired'],
    ['ErrorAccessDenied: Access is denied', 'AccessDenied'],
    ['INSUFFICIENT_PERMISSIONS', 'InsufficientPermissions'],
    ['MissingScopes', 'MissingScopes'],
    ['kaboom', 'Unknown'],
  ] as const)('maps "%s" to %s', (message, code) => {
    expect(classifyArchiveError(message)).toBe(code);
  });
});
