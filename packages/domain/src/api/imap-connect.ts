// Connecting an IMAP/SMTP mailbox (decision 023): the bodies the server validates, the answers both sides read, and
// the words of each step of "Test connection". The password goes in, never out.
import { z } from 'zod';
import type { EmailIntegrationDto } from './integrations';
import { safeString } from './safe-string';

/**
 * POST /api/integrations/imap/test     body ImapConnectBody → 200 ImapTestResponse, or 4xx {error:{code,message,step}}
 * POST /api/integrations/imap/connect  body ImapConnectBody → 201 ImapConnectResponse (same 4xx as test)
 * POST /api/integrations/:id/imap-password  body ImapPasswordBody → ImapConnectResponse (re-tested before saving)
 * Both run the steps of IMAP_TEST_STEPS in order and stop at the first that fails; 429 past the per-user limit.
 */
export const IMAP_API = {
  test: '/api/integrations/imap/test',
  connect: '/api/integrations/imap/connect',
  password: (id: string) => `/api/integrations/${encodeURIComponent(id)}/imap-password`,
} as const;

export const IMAP_HOST_MAX_LENGTH = 253;
export const IMAP_PASSWORD_MAX_LENGTH = 1024;
export const IMAP_USERNAME_MAX_LENGTH = 320;

const HOST_PATTERN = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

function serverSchema(kind: 'IMAP' | 'SMTP') {
  return z.strictObject({
    host: safeString()
      .trim()
      .min(1, `Enter the ${kind} server name.`)
      .max(IMAP_HOST_MAX_LENGTH, `The ${kind} server name is too long.`)
      .refine((host) => HOST_PATTERN.test(host), `The ${kind} server name is not a valid host name.`),
    port: z
      .int(`The ${kind} port must be a whole number.`)
      .min(1, `The ${kind} port must be between 1 and 65535.`)
      .max(65535, `The ${kind} port must be between 1 and 65535.`),
    security: z.enum(['tls', 'starttls', 'none'], `Choose the ${kind} security: TLS, STARTTLS or none.`),
  });
}

const emailSchema = safeString()
  .trim()
  .min(1, 'Enter the email address.')
  .max(IMAP_USERNAME_MAX_LENGTH, 'The email address is too long.')
  .pipe(z.email('Enter a valid email address.'));

const passwordSchema = z
  .string('Enter the password.')
  .min(1, 'Enter the password.')
  .max(IMAP_PASSWORD_MAX_LENGTH, 'The password is too long.')
  .refine((text) => !text.includes('\0'), 'The password cannot contain NUL characters.');

/** Test connection and Connect: the address, its login (user name defaults to the address) and both servers. */
export const imapConnectBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  username: safeString().trim().max(IMAP_USERNAME_MAX_LENGTH, 'The user name is too long.').optional(),
  imap: serverSchema('IMAP'),
  smtp: serverSchema('SMTP'),
});
export type ImapConnectBody = z.infer<typeof imapConnectBodySchema>;

/** "Update password" of an IMAP integration whose server refused the stored one. */
export const imapPasswordBodySchema = z.strictObject({ password: passwordSchema });
export type ImapPasswordBody = z.infer<typeof imapPasswordBodySchema>;

/** The steps of Test connection, in order. */
export const IMAP_TEST_STEPS = ['dns', 'connection', 'login', 'inbox', 'smtp'] as const;
export type ImapTestStep = (typeof IMAP_TEST_STEPS)[number];

export const IMAP_STEP_LABELS: Record<ImapTestStep, string> = {
  dns: 'Server name',
  connection: 'Connection and TLS',
  login: 'IMAP login',
  inbox: 'Inbox',
  smtp: 'SMTP sending',
};

/** The folders found by a successful test: Inbox always; Sent and Archive by special use or usual name, else null. */
export type ImapFoldersFound = { inbox: string; sent: string | null; archive: string | null };
export type ImapTestResponse = { ok: true; folders: ImapFoldersFound };
export type ImapConnectResponse = { integration: EmailIntegrationDto; folders: ImapFoldersFound };
/** A failed step's answer: `error.step` names the step, `error.message` says what went wrong in words. */
export type ImapTestFailure = {
  error: { code: string; message: string; step: ImapTestStep; details: { step: ImapTestStep } };
};

export const IMAP_CONNECT_LABELS = {
  card: 'Connect other mail (IMAP)',
  title: 'Other mail (IMAP)',
  description:
    'Fastmail, iCloud, Yahoo, AOL, Zoho, GMX, or your own host. Gmail and Microsoft 365 connect with their own cards.',
  passwordHint:
    'Most hosts want an app password made in their security settings, not your usual password (Fastmail, iCloud, Yahoo and AOL always; GMX and Zoho when two-step sign-in is on, and only once IMAP access is switched on).',
  test: 'Test connection',
  connect: 'Connect',
  updatePassword: 'Update password',
  passwordRefused: 'The mail server refused the password — update it to resume syncing',
} as const;

/** What a successful test found, in one line: "Inbox, Sent (Sent) and Archive (Archive) found." */
export function foldersFoundLine(folders: ImapFoldersFound): string {
  const parts = [
    'Inbox',
    folders.sent ? `Sent (${folders.sent})` : null,
    folders.archive ? `Archive (${folders.archive})` : null,
  ].filter((part): part is string => part !== null);
  const found = parts.length === 1 ? 'Inbox' : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const missing = [folders.sent ? null : 'Sent', folders.archive ? null : 'Archive'].filter(Boolean);
  return missing.length
    ? `Connected. ${found} found; no ${missing.join(' or ')} folder.`
    : `Connected. ${found} found.`;
}
