import type { IncomingHttpHeaders } from 'node:http';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '@ledgerdesk/domain/auth/account-changes';
import { credentialsSchema } from '@ledgerdesk/domain/auth/credentials';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/require-user';
import { pgErrorInfo } from '../../db/pg-error';
import { AppError, badRequest, conflict } from '../../http/app-error';
import { findSignInEmail, isSignInEmailTaken } from './profile-repository';

export const EMAIL_IN_USE = 'This email address is already used by another account.';

export type SignInEmailChange = 'unchanged' | 'updated' | 'pending_verification';

/** A profile email checked with the sign-up rule (spec §5: required, a valid address), lower-cased. */
export function normaliseProfileEmail(email: string | null | undefined): string {
  const result = credentialsSchema.shape.email.safeParse(email ?? '');
  if (!result.success) throw badRequest(`email: ${result.error.issues[0]?.message ?? 'Invalid email'}`);
  return result.data.toLowerCase();
}

/**
 * Moves the sign-in email to `newEmail` through better-auth's change-email flow: at once for an unconfirmed
 * account, or after the link sent to the new address is followed when accounts are confirmed by email.
 * Needs the current password (so a stolen session cannot take the account over), and refuses (409) an
 * address another account already signs in with.
 */
export async function changeSignInEmail(
  app: FastifyInstance,
  user: SessionUser,
  newEmail: string,
  currentPassword: string | undefined,
  requestHeaders: IncomingHttpHeaders,
): Promise<{ change: SignInEmailChange; setCookies: string[] }> {
  if (newEmail === user.email.toLowerCase()) return { change: 'unchanged', setCookies: [] };
  await checkCurrentPassword(app, user, currentPassword);
  if (await isSignInEmailTaken(app.db, { email: newEmail, exceptUserId: user.id }))
    throw conflict(EMAIL_IN_USE);
  let setCookies: string[] = [];
  try {
    const { headers } = await app.auth.api.changeEmail({
      body: { newEmail, callbackURL: '/profile' },
      headers: fromNodeHeaders(requestHeaders),
      returnHeaders: true,
    });
    setCookies = headers.getSetCookie();
  } catch (error) {
    if (pgErrorInfo(error)?.code === '23505') throw conflict(EMAIL_IN_USE);
    const status = (error as { statusCode?: unknown }).statusCode;
    const message = (error as { body?: { message?: unknown } }).body?.message;
    if (typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string')
      throw new AppError(400, 'validation_failed', message);
    throw error;
  }
  const signInEmail = await findSignInEmail(app.db, user.id);
  return { change: signInEmail === newEmail ? 'updated' : 'pending_verification', setCookies };
}

async function checkCurrentPassword(
  app: FastifyInstance,
  user: SessionUser,
  password: string | undefined,
): Promise<void> {
  if (!password) throw badRequest(CURRENT_PASSWORD_REQUIRED);
  const context = await app.auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(user.id);
  const isRight = Boolean(
    account?.password && (await context.password.verify({ hash: account.password, password })),
  );
  if (!isRight) throw new AppError(403, 'forbidden', CURRENT_PASSWORD_WRONG);
}

/** Puts the sign-in email back, when the profile save that went with the change failed. */
export async function restoreSignInEmail(app: FastifyInstance, user: SessionUser): Promise<void> {
  const context = await app.auth.$context;
  await context.internalAdapter.updateUser(user.id, { email: user.email });
}
