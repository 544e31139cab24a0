import { PASSWORD_MIN_LENGTH } from '../constants';

export { PASSWORD_MIN_LENGTH };
/** Longest password accepted (the spec sets only the minimum, §9); keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 320;

export const CREDENTIAL_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

// The same shape of address zod's email check accepts: one @, a dot in the domain, no spaces.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The first problem with an email address as typed (spec §5), or null. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return CREDENTIAL_MESSAGES.emailRequired;
  if (value.length > EMAIL_MAX_LENGTH) return CREDENTIAL_MESSAGES.emailTooLong;
  return EMAIL_PATTERN.test(value) ? null : CREDENTIAL_MESSAGES.emailInvalid;
}

/** The first problem with a password (spec §5: required, at least 6 characters), or null. */
export function passwordProblem(password: string): string | null {
  if (!password) return CREDENTIAL_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return CREDENTIAL_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return CREDENTIAL_MESSAGES.passwordTooLong;
  return null;
}

/** Returns the first problem with the fields as a sentence, or null when they are fine. */
export function credentialsProblem(input: { email: string; password: string }): string | null {
  return emailProblem(input.email) ?? passwordProblem(input.password);
}
