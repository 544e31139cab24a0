import { describe, expect, it } from 'vitest';
import {
  FILE_TOO_LARGE,
  FILE_TOO_LARGE_TEXT,
  INVALID_FILE_TYPE,
  INVALID_FILE_TYPE_TEXT,
  validateAvatarFile,
} from './avatar-file';

describe('validateAvatarFile', () => {
  it('accepts an image up to 5 MB', () => {
    expect(validateAvatarFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses a non-image', () => {
    expect(validateAvatarFile({ type: 'application/pdf', size: 10 })).toBe(INVALID_FILE_TYPE);
  });

  it('refuses SVG, which can carry script', () => {
    expect(validateAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe(INVALID_FILE_TYPE);
  });

  it('refuses an image over 5 MB', () => {
    expect(validateAvatarFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(FILE_TOO_LARGE);
  });

  it('keeps the spec texts as title and description', () => {
    expect(`${INVALID_FILE_TYPE.title} - ${INVALID_FILE_TYPE.description}`).toBe(INVALID_FILE_TYPE_TEXT);
    expect(`${FILE_TOO_LARGE.title} - ${FILE_TOO_LARGE.description}`).toBe(FILE_TOO_LARGE_TEXT);
    expect(INVALID_FILE_TYPE_TEXT).toBe('Invalid file type - Please select an image file.');
    expect(FILE_TOO_LARGE_TEXT).toBe('File too large - Please select an image smaller than 5MB.');
  });
});
