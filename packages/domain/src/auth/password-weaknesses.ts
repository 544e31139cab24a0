import { PASSWORD_MIN_LENGTH } from './credentials';

// A short list of the passwords leaked most often; a real deployment can add a breach-list check.
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'qwerty',
  'qwerty123',
  'abc123',
  '111111',
  '000000',
  '123123',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'passw0rd',
  'master',
  'shadow',
  '654321',
  'superman',
  'trustno1',
  'changeme',
]);

/**
 * Lists why a password is too weak to accept (empty when it is acceptable): too short, a well-known
 * password, one repeated character, or the email address itself.
 */
export function passwordWeaknesses(password: string, email?: string): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    reasons.push(`it must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    reasons.push('it is one of the most commonly used passwords');
  if (password.length > 0 && new Set(password).size === 1) reasons.push('it repeats a single character');
  const localPart = email?.split('@')[0]?.toLowerCase();
  if (email && (password.toLowerCase() === email.toLowerCase() || password.toLowerCase() === localPart)) {
    reasons.push('it must not be your email address');
  }
  return reasons;
}

/** The message the auth service answers with when a password is weak (spec §5). */
export function weakPasswordMessage(reasons: string[]): string {
  return `Password is too weak: ${reasons.join('; ')}.`;
}
