import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestAuth } from '../oauth/authenticate';
import { hasAnyScope } from '../oauth/providers';
import { sendAccessDenied } from './errors';

export const MAIL_READ = ['Mail.Read', 'Mail.ReadWrite', 'Mail.ReadBasic'];
export const MAIL_WRITE = ['Mail.ReadWrite'];
export const MAIL_SEND = ['Mail.Send'];
export const USER_READ = ['User.Read', 'User.ReadWrite', 'User.ReadBasic.All', 'User.Read.All'];

/** Delegated access to another user's mailbox needs the `.Shared` permissions (Mail.Read.Shared, …). */
const sharedScopes = (scopes: readonly string[]) =>
  scopes.map((scope) => (scope.startsWith('Mail.') ? `${scope}.Shared` : scope));

/**
 * Sends Graph's 403 ErrorAccessDenied when the token lacks all of the given scopes, or when a write reaches a
 * shared mailbox the user may only read.
 */
export function hasGraphScope(
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
): boolean {
  const auth = requestAuth(request);
  // An application's own token holds application permissions (roles), which have no `.Shared` form.
  if (auth.app) {
    if (hasAnyScope(auth.app.roles, scopes)) return true;
    sendAccessDenied(reply);
    return false;
  }
  const needed = auth.delegate ? sharedScopes(scopes) : scopes;
  const isRefusedWrite = auth.delegate?.access === 'read' && scopes === MAIL_WRITE;
  if (hasAnyScope(auth.scopes, needed) && !isRefusedWrite) return true;
  sendAccessDenied(reply);
  return false;
}
