import { z } from 'zod';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../http/unsafe-text';
import {
  EMAIL_MAX_LENGTH,
  CREDENTIAL_MESSAGES as M,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './credentials-rules';

export { credentialsProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './credentials-rules';

/** Sign-in and sign-up body (spec §5), for the server; the browser uses the zod-free rules in credentials-rules. */
export const credentialsSchema = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(EMAIL_MAX_LENGTH, M.emailTooLong)
    .email(M.emailInvalid),
  password: z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
    .refine((password) => !isUnsafeText(password), `Password ${UNSAFE_TEXT_MESSAGE}`),
});

export type Credentials = z.infer<typeof credentialsSchema>;
