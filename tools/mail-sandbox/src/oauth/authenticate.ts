import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { findMailbox } from '../store/sandbox-store';
import type { Mailbox, Provider, SharedDelegate } from '../store/types';
import type { AppGrant, Grant } from './token-store';

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
  /** Set for an application's own token (client credentials) working on `/users/{id}/…`. */
  app?: AppGrant;
};
/** An application's own token before it names a mailbox (Graph's `/subscriptions`). */
export type AppAuth = { grant: Grant; app: AppGrant };
export type AuthFailure = 'missing' | 'invalid' | 'expired';

const authByRequest = new WeakMap<FastifyRequest, ApiAuth>();
const appAuthByRequest = new WeakMap<FastifyRequest, AppAuth>();

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
  if (token.grant.app) return { failure: 'invalid' };
  const mailbox = findMailbox(ctx.store, token.grant.mailbox);
  if (!mailbox) return { failure: 'invalid' };
  return { grant: token.grant, scopes: token.scopes ?? token.grant.scopes, mailbox };
}

/** An application's own token (client credentials), or null for anything else. */
export function authenticateApp(ctx: SandboxContext, header: string | undefined): AppAuth | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1] ? ctx.tokens.accessTokens.get(match[1]) : undefined;
  if (!token?.grant.app || token.grant.isRevoked || token.expiresAt <= ctx.now()) return null;
  return { grant: token.grant, app: token.grant.app };
}

export function setAppRequestAuth(request: FastifyRequest, auth: AppAuth): void {
  appAuthByRequest.set(request, auth);
}

/** The application's own auth on a route that names no mailbox (`/subscriptions`), if that is the caller. */
export function appRequestAuth(request: FastifyRequest): AppAuth | undefined {
  return appAuthByRequest.get(request);
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
  return auth.signedIn || auth.app ? `/users/${encodeURIComponent(auth.mailbox.address)}` : '/me';
}
