import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ledgerdesk/domain/auth/credentials';
import { passwordWeaknesses, weakPasswordMessage } from '@ledgerdesk/domain/auth/password-weaknesses';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema/auth';
import { createProfileForUser } from './create-profile-for-user';
import type { Mailer } from './mailer';
import { usesSecureCookies } from './secure-cookies';

export type AuthOptions = {
  db: Db;
  /** The server's logger: the library's own lines go through it, and so through its secret redaction. */
  log: AuthLog;
  secret: string;
  baseUrl: string;
  requireEmailConfirmation: boolean;
  mailer: Mailer | null;
};

/** better-auth, configured for email + password with server sessions in Postgres (spec §4 Authentication). */
export function createAuth({ db, secret, baseUrl, requireEmailConfirmation, mailer, log }: AuthOptions) {
  const mustConfirm = requireEmailConfirmation && mailer !== null;
  return betterAuth({
    appName: 'Ledgerdesk',
    // Printed to the console by default, a failed session lookup with its query's parameters (a session token)
    // among them: routed to the server's logger instead, whose every line is redacted (config/log-redaction.ts).
    logger: { level: 'warn', log: (level, message, ...args) => logAuthLine(log, level, message, args) },
    baseURL: baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: (request) => [baseUrl, ...(request ? [new URL(request.url).origin] : [])],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: !mustConfirm,
      requireEmailVerification: mustConfirm,
    },
    emailVerification: mustConfirm
      ? {
          sendOnSignUp: true,
          autoSignInAfterVerification: true,
          sendVerificationEmail: async ({ user, url }) => {
            await mailer?.send({
              to: user.email,
              subject: 'Confirm your Ledgerdesk account',
              text: `Welcome to Ledgerdesk.\n\nConfirm your email address to activate your account:\n${url}\n`,
            });
          },
        }
      : undefined,
    // The profile form may move the sign-in email (spec §2 Profile): at once for an unconfirmed account,
    // otherwise after the link sent to the new address is followed.
    user: { changeEmail: { enabled: true, updateEmailWithoutVerification: true } },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: usesSecureCookies(baseUrl) },
      useSecureCookies: usesSecureCookies(baseUrl),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const body = ctx.body as { email?: unknown; password?: unknown } | undefined;
        if (typeof body?.password !== 'string') return;
        const reasons = passwordWeaknesses(
          body.password,
          typeof body.email === 'string' ? body.email : undefined,
        );
        if (reasons.length > 0)
          throw new APIError('BAD_REQUEST', { message: weakPasswordMessage(reasons), reasons });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfileForUser(db, { id: user.id, email: user.email, name: user.name });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type LogMethod = (details: object, message: string) => void;
export type AuthLog = { error: LogMethod; warn: LogMethod; info: LogMethod; debug: LogMethod };

/** One better-auth log call as one line of ours: its first error as `err` (serialized, redacted), the rest as `details`. */
function logAuthLine(
  log: AuthLog,
  level: 'error' | 'warn' | 'info' | 'debug',
  message: string,
  args: unknown[],
) {
  const err = args.find((arg) => arg instanceof Error);
  const details = args.filter((arg) => arg !== err);
  log[level](
    { ...(err ? { err } : {}), ...(details.length > 0 ? { details } : {}) },
    `sign-in library: ${message}`,
  );
}
