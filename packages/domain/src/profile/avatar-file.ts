import { AVATAR_MAX_BYTES } from '../constants';

export type AvatarFileError = { title: string; description: string };

export const INVALID_FILE_TYPE: AvatarFileError = {
  title: 'Invalid file type',
  description: 'Please select an image file.',
};
export const FILE_TOO_LARGE: AvatarFileError = {
  title: 'File too large',
  description: 'Please select an image smaller than 5MB.',
};
/** The spec's full texts, "title - description". */
export const INVALID_FILE_TYPE_TEXT = 'Invalid file type - Please select an image file.';
export const FILE_TOO_LARGE_TEXT = 'File too large - Please select an image smaller than 5MB.';

// SVG is an image type, but it can carry script, so avatars refuse it.
const REFUSED_IMAGE_TYPES = new Set(['image/svg+xml']);

/** The avatar upload check: an image type (not SVG) of at most 5 MB; null when acceptable. */
export function validateAvatarFile(file: { type: string; size: number }): AvatarFileError | null {
  const type = file.type.toLowerCase();
  if (!type.startsWith('image/') || REFUSED_IMAGE_TYPES.has(type)) return INVALID_FILE_TYPE;
  if (file.size > AVATAR_MAX_BYTES) return FILE_TOO_LARGE;
  return null;
}
