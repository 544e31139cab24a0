export const PROFILE_UPDATED_TITLE = 'Profile Updated';
export const PROFILE_UPDATED_DESCRIPTION = 'Your profile has been saved.';
export const PROFILE_UPDATE_FAILED_TITLE = 'Update Failed';
export const PROFILE_UPDATE_FAILED_DESCRIPTION = 'Failed to update profile. Please try again.';
export const AVATAR_UPLOAD_FAILED_TITLE = 'Upload failed';
export const AVATAR_UPLOAD_FAILED_FALLBACK = 'Failed to upload profile picture. Please try again.';
export const AVATAR_UPDATED_TITLE = 'Profile picture updated';
export const AVATAR_UPDATED_DESCRIPTION = 'Your profile picture has been successfully updated.';
export const HANDLE_PLACEHOLDER = '@username';
export const VIEW_PROFILE_LABEL = 'View Profile';

/** The "Upload failed" toast: the error's message, else the fallback text. */
export function avatarUploadFailedMessage(errorMessage?: string | null): {
  title: string;
  description: string;
} {
  return { title: AVATAR_UPLOAD_FAILED_TITLE, description: errorMessage || AVATAR_UPLOAD_FAILED_FALLBACK };
}
