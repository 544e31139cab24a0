import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Sign-in and sign-up body (spec §5): email required and valid, password required, at least 6 characters. */
export const credentialsSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(320, 'Email is too long')
    .email('Please enter a valid email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

export type Credentials = z.infer<typeof credentialsSchema>;

/** Returns the first problem with the fields as a sentence, or null when they are fine. */
export function credentialsProblem(input: { email: string; password: string }): string | null {
  const result = credentialsSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid credentials');
}
