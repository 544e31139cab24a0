import {
  CHANGE_EMAIL_ON_PROFILE,
  changePasswordSchema,
  signOutSchema,
  updateUserSchema,
} from '@ledgerdesk/domain/auth/account-changes';
import { passwordWeaknesses, weakPasswordMessage } from '@ledgerdesk/domain/auth/password-weaknesses';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../http/app-error';
import { parseInput } from '../http/parse-input';
import type { Auth } from './create-auth';

/**
 * The rules better-auth's account endpoints get on top of the library's own, so that every way of changing an
 * account meets the same rules as sign-up and the profile form: a new password passes the sign-up strength
 * check (not the email itself, not a common one) and ends every other session; names and images have the
 * profile form's limits; the sign-in email moves only through the profile, with the current password.
 * Answers the body to forward (possibly amended), or throws the 4xx to send.
 */
export async function applyAccountChangeRules(
  auth: Auth,
  path: string,
  request: FastifyRequest,
): Promise<unknown> {
  if (path === '/api/auth/change-email') throw new AppError(403, 'forbidden', CHANGE_EMAIL_ON_PROFILE);
  if (path === '/api/auth/update-user') return parseInput(updateUserSchema, request.body);
  if (path === '/api/auth/sign-out') return parseInput(signOutSchema, request.body);
  if (path !== '/api/auth/change-password') return request.body;
  const body = parseInput(changePasswordSchema, request.body);
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) throw new AppError(401, 'unauthorized', 'You must be logged in to change your password.');
  const reasons = passwordWeaknesses(body.newPassword, session.user.email);
  if (reasons.length > 0) throw badRequest(weakPasswordMessage(reasons), { reasons });
  return { ...body, revokeOtherSessions: true };
}
