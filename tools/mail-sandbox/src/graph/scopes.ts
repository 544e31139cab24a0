import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestAuth } from '../oauth/authenticate';
import { hasAnyScope } from '../oauth/providers';
import { sendAccessDenied } from './errors';

export const MAIL_READ = ['Mail.Read', 'Mail.ReadWrite', 'Mail.ReadBasic'];
export const MAIL_WRITE = ['Mail.ReadWrite'];
export const MAIL_SEND = ['Mail.Send'];
export const USER_READ = ['User.Read', 'User.ReadWrite', 'User.ReadBasic.All', 'User.Read.All'];

/** Sends Graph's 403 ErrorAccessDenied when the token lacks all of the given scopes. */
export function hasGraphScope(
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
): boolean {
  if (hasAnyScope(requestAuth(request).grant.scopes, scopes)) return true;
  sendAccessDenied(reply);
  return false;
}
