import type { Provider } from '../store/types';
import { opaqueToken } from '../util/ids';

/**
 * An application's own token (client credentials, no user): its tenant and the application permissions (`roles`)
 * the tenant's administrator had granted when it was issued.
 */
export type AppGrant = { tenant: string; roles: string[] };

export type Grant = {
  id: string;
  provider: Provider;
  /** The signed-in user's mailbox; empty for an application's own token (`app`). */
  mailbox: string;
  app?: AppGrant;
  clientId: string;
  scopes: string[];
  hasOfflineAccess: boolean;
  isRevoked: boolean;
  /**
   * Control API: what the token endpoint answers this grant's refreshes instead of tokens, as Entra does when
   * a tenant adds a sign-in step (interaction_required), consent is withdrawn (consent_required) or it is busy
   * (temporarily_unavailable, for `remaining` answers). Access tokens already issued keep working.
   */
  refreshError?: { error: RefreshErrorCode; remaining: number | null };
};

export const REFRESH_ERROR_CODES = [
  'interaction_required',
  'consent_required',
  'temporarily_unavailable',
] as const;
export type RefreshErrorCode = (typeof REFRESH_ERROR_CODES)[number];

export type AuthorizationCode = {
  grant: Grant;
  redirectUri: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  expiresAt: number;
  isRedeemed: boolean;
};

/** `scopes`: what the token is valid for when a refresh asked for less than the grant (else the grant's). */
export type AccessToken = { grant: Grant; expiresAt: number; scopes?: string[] };

export type TokenStore = {
  codes: Map<string, AuthorizationCode>;
  accessTokens: Map<string, AccessToken>;
  refreshTokens: Map<string, Grant>;
};

export function createTokenStore(): TokenStore {
  return { codes: new Map(), accessTokens: new Map(), refreshTokens: new Map() };
}

const PREFIX: Record<Provider, { access: string; refresh: string; code: string }> = {
  office365: { access: 'EwBsandbox.', refresh: 'M.C5sandbox.', code: 'M.C5_code.' },
  gmail: { access: 'ya29.sandbox-', refresh: '1//sandbox-', code: '4/0sandbox-' },
};

export function issueCode(store: TokenStore, code: Omit<AuthorizationCode, 'isRedeemed'>): string {
  const value = opaqueToken(PREFIX[code.grant.provider].code, 40);
  store.codes.set(value, { ...code, isRedeemed: false });
  return value;
}

export function issueAccessToken(
  store: TokenStore,
  grant: Grant,
  expiresAt: number,
  scopes?: string[],
): string {
  const value = opaqueToken(PREFIX[grant.provider].access, 120);
  store.accessTokens.set(value, { grant, expiresAt, ...(scopes ? { scopes } : {}) });
  return value;
}

export function issueRefreshToken(store: TokenStore, grant: Grant): string {
  const value = opaqueToken(PREFIX[grant.provider].refresh, 96);
  store.refreshTokens.set(value, grant);
  return value;
}

/** Control API: access tokens of the mailbox stop working; refresh tokens still do. */
export function expireAccessTokens(store: TokenStore, mailbox: string, now: number): number {
  let count = 0;
  for (const token of store.accessTokens.values()) {
    if (token.grant.mailbox === mailbox && token.expiresAt > now) {
      token.expiresAt = now - 1000;
      count++;
    }
  }
  return count;
}

/** Revokes every grant of the mailbox (or one grant): refresh answers invalid_grant, access gets 401. */
export function revokeGrants(store: TokenStore, match: (grant: Grant) => boolean): number {
  let count = 0;
  for (const [value, grant] of store.refreshTokens) {
    if (match(grant)) {
      grant.isRevoked = true;
      store.refreshTokens.delete(value);
      count++;
    }
  }
  for (const [value, token] of store.accessTokens) {
    if (match(token.grant)) {
      token.grant.isRevoked = true;
      store.accessTokens.delete(value);
    }
  }
  return count;
}

/**
 * Control API: the mailbox's grants answer `error` to their next refreshes — every one until the user consents
 * again (a new grant), or only `count` of them.
 */
export function armRefreshError(
  store: TokenStore,
  mailbox: string,
  error: RefreshErrorCode,
  count: number | null,
): number {
  const grants = new Set([...store.refreshTokens.values()].filter((grant) => grant.mailbox === mailbox));
  for (const grant of grants) grant.refreshError = { error, remaining: count };
  return grants.size;
}

/** Drops expired codes and long-expired access tokens so a long-running sandbox stays small. */
export function pruneTokens(store: TokenStore, now: number): void {
  for (const [value, code] of store.codes) if (code.expiresAt < now) store.codes.delete(value);
  for (const [value, token] of store.accessTokens) {
    if (token.expiresAt < now - 24 * 3_600_000) store.accessTokens.delete(value);
  }
}
