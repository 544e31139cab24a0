import { z } from 'zod';
import { safeString } from '../api/safe-string';
import { PROFILE_TEXT_MAX_LENGTH } from '../profile/profile-update-schema';
import { credentialsSchema } from './credentials';
import { PASSWORD_MAX_LENGTH } from './credentials-rules';

export const IMAGE_URL_MAX_LENGTH = 2048;

export const CHANGE_EMAIL_ON_PROFILE =
  'Change your sign-in email on the Profile page, with your current password.';
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your sign-in email.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

const password = safeString().min(1).max(PASSWORD_MAX_LENGTH);

/** Body of POST /api/auth/sign-up/email and sign-in/email: the credentials and better-auth's few extras. */
export const credentialsBodySchema = credentialsSchema
  .extend({
    name: safeString().max(PROFILE_TEXT_MAX_LENGTH).optional(),
    callbackURL: safeString().max(IMAGE_URL_MAX_LENGTH).optional(),
    rememberMe: z.boolean().optional(),
  })
  .strict();

/** Body of POST /api/auth/sign-out: nothing (an empty object at most). */
export const signOutSchema = z.strictObject({});

/** Body of POST /api/auth/change-password; other sessions are always revoked, whatever the client asks. */
export const changePasswordSchema = z.strictObject({
  currentPassword: password,
  newPassword: password,
  revokeOtherSessions: z.boolean().optional(),
});

/** Body of POST /api/auth/update-user: the same limits as the profile form, an image only as an http(s) URL. */
export const updateUserSchema = z.strictObject({
  name: safeString().max(PROFILE_TEXT_MAX_LENGTH).optional(),
  image: safeString()
    .max(IMAGE_URL_MAX_LENGTH)
    .refine((value) => /^(https?:\/\/|\/api\/)/i.test(value), 'must be an http(s) URL')
    .nullable()
    .optional(),
});
