import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { findMailbox } from '../store/sandbox-store';
import type { Mailbox, Provider, SharedDelegate } from '../store/types';
import type { Grant } from './token-store';

/**
 * The caller's grant and the mailbox a request works on. On Graph's `/users/{address}/…` paths naming another
 * mailbox, `mailbox` is that (shared) mailbox, `signedIn` the token's own and `delegate` the access it was given.
 */
export type ApiAuth = {
  grant: Grant;
  /** What the access token is valid for: the grant's scopes, or fewer when its refresh asked for fewer. */
  scopes: readonly string[];
  mailbox: Mailbox;
  signedIn?: Mailbox;
  delegate?: SharedDelegate;
};
export type AuthFailure = 'missing' | 'invalid' | 'expired';

const authByRequest = new WeakMap<FastifyRequest, ApiAuth>();

/** Resolves `Authorization: Bearer` to the grant and mailbox it was issued for. */
export function authenticate(
  ctx: SandboxContext,
  provider: Provider,
  header: string | undefined,
): ApiAuth | { failure: AuthFailure } {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return { failure: 'missing' };
  const token = ctx.tokens.accessTokens.get(match[1]);
  if (!token || token.grant.provider !== provider || token.grant.isRevoked) return { failure: 'invalid' };
  if (token.expiresAt <= ctx.now()) return { failure: 'expired' };
  const mailbox = findMailbox(ctx.store, token.grant.mailbox);
  if (!mailbox) return { failure: 'invalid' };
  return { grant: token.grant, scopes: token.scopes ?? token.grant.scopes, mailbox };
}

export function setRequestAuth(request: FastifyRequest, auth: ApiAuth): void {
  authByRequest.set(request, auth);
}

/** The caller's grant and mailbox; only for routes behind the auth hook. */
export function requestAuth(request: FastifyRequest): ApiAuth {
  const auth = authByRequest.get(request);
  if (!auth) throw new Error('request reached an API route without authentication');
  return auth;
}

/** `/me`, or `/users/{address}` when the request works on a mailbox other than the signed-in user's. */
export function graphOwnerPath(request: FastifyRequest): string {
  const auth = requestAuth(request);
  return auth.signedIn ? `/users/${encodeURIComponent(auth.mailbox.address)}` : '/me';
}
