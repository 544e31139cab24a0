import type { SandboxContext } from '../context';
import { exchangeServiceAccountAssertion, JWT_BEARER_GRANT } from '../pubsub/service-account-grant';
import type { Provider } from '../store/types';
import { CLIENT_CREDENTIALS_GRANT, exchangeClientCredentials } from './client-credentials';
import { verifyPkce } from './pkce';
import { normalizeScope } from './providers';
import { type TokenError, tokenError } from './token-errors';
import type { Grant } from './token-store';
import { issueAccessToken, issueRefreshToken } from './token-store';

export type TokenParams = Record<string, string | undefined>;
export type TokenResult = { status: number; body: Record<string, unknown> };

/**
 * The token endpoint of either provider: authorization_code (with PKCE) and refresh_token grants; Google's also
 * takes a service account's JWT-bearer assertion (Pub/Sub), Microsoft's the client-credentials grant on a tenant's
 * endpoint (`tenant`, from the path).
 */
export function exchangeToken(
  ctx: SandboxContext,
  provider: Provider,
  params: TokenParams,
  tenant = 'common',
): TokenResult | TokenError {
  const grantType = params.grant_type;
  if (!grantType) return tokenError(provider, 'missing_parameter', 'grant_type');
  if (grantType !== JWT_BEARER_GRANT && ctx.clientSecret && params.client_secret !== ctx.clientSecret)
    return tokenError(provider, 'invalid_client', params.client_id ?? '');
  if (grantType === 'authorization_code') return redeemCode(ctx, provider, params);
  if (grantType === 'refresh_token') return refresh(ctx, provider, params);
  if (grantType === CLIENT_CREDENTIALS_GRANT && provider === 'office365')
    return exchangeClientCredentials(ctx, tenant, params);
  if (grantType === JWT_BEARER_GRANT && provider === 'gmail')
    return exchangeServiceAccountAssertion(ctx, params);
  return tokenError(provider, 'unsupported_grant_type', grantType);
}

function redeemCode(ctx: SandboxContext, provider: Provider, params: TokenParams): TokenResult | TokenError {
  if (!params.code) return tokenError(provider, 'missing_parameter', 'code');
  if (!params.redirect_uri) return tokenError(provider, 'missing_parameter', 'redirect_uri');
  const code = ctx.tokens.codes.get(params.code);
  if (!code || code.grant.provider !== provider || code.expiresAt < ctx.now()) {
    return tokenError(provider, 'invalid_code');
  }
  if (code.isRedeemed) return tokenError(provider, 'code_redeemed');
  if (params.client_id && params.client_id !== code.grant.clientId)
    return tokenError(provider, 'client_mismatch');
  if (params.redirect_uri !== code.redirectUri) {
    return tokenError(provider, 'redirect_mismatch', params.redirect_uri);
  }
  if (code.codeChallenge) {
    if (!params.code_verifier) return tokenError(provider, 'pkce_missing');
    if (!verifyPkce(code.codeChallenge, code.codeChallengeMethod ?? 'plain', params.code_verifier)) {
      return tokenError(provider, 'pkce_mismatch');
    }
  }
  code.isRedeemed = true;
  ctx.persist();
  return tokenResponse(ctx, code.grant, code.grant.hasOfflineAccess);
}

function refresh(ctx: SandboxContext, provider: Provider, params: TokenParams): TokenResult | TokenError {
  if (!params.refresh_token) return tokenError(provider, 'missing_parameter', 'refresh_token');
  const grant = ctx.tokens.refreshTokens.get(params.refresh_token);
  if (!grant || grant.provider !== provider) return tokenError(provider, 'invalid_refresh_token');
  if (grant.isRevoked) return tokenError(provider, 'revoked');
  if (params.client_id && params.client_id !== grant.clientId) return tokenError(provider, 'client_mismatch');
  const armed = grant.refreshError;
  if (armed) {
    if (armed.remaining !== null && --armed.remaining <= 0) delete grant.refreshError;
    ctx.persist();
    return tokenError(provider, armed.error, grant.clientId);
  }
  const scopes = provider === 'office365' ? refreshScopes(grant, params.scope) : undefined;
  if (scopes === 'not_consented') return tokenError(provider, 'consent_required', grant.clientId);
  ctx.persist();
  // Microsoft rotates refresh tokens (the old one keeps working until it expires); Google keeps its own.
  return tokenResponse(ctx, grant, provider === 'office365', scopes);
}

/** Scopes a refresh may name without their being resource permissions of the grant. */
const OIDC_SCOPES = new Set(['offline_access', 'openid', 'profile', 'email']);

/**
 * What a Microsoft refresh's access token is valid for: the scopes it asks for (which must be consented: a
 * refresh token is valid for every permission of its grant, but answers only what was requested), or the whole
 * grant when it names none.
 */
function refreshScopes(grant: Grant, requested: string | undefined): string[] | undefined | 'not_consented' {
  if (!requested?.trim()) return undefined;
  const granted = new Map(grant.scopes.map((scope) => [scope.toLowerCase(), scope]));
  const scopes: string[] = [];
  for (const scope of requested
    .trim()
    .split(/\s+/)
    .map((item) => normalizeScope('office365', item))) {
    if (OIDC_SCOPES.has(scope.toLowerCase())) continue;
    const consented = granted.get(scope.toLowerCase());
    if (!consented) return 'not_consented';
    scopes.push(consented);
  }
  return scopes;
}

function tokenResponse(
  ctx: SandboxContext,
  grant: Grant,
  shouldIssueRefresh: boolean,
  scopes?: string[],
): TokenResult {
  const lifetime = ctx.tokenLifetimeSeconds;
  const accessToken = issueAccessToken(ctx.tokens, grant, ctx.now() + lifetime * 1000, scopes);
  const refreshToken = shouldIssueRefresh ? issueRefreshToken(ctx.tokens, grant) : undefined;
  if (grant.provider === 'office365') {
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        scope: (scopes ?? grant.scopes).filter((scope) => scope.toLowerCase() !== 'offline_access').join(' '),
        expires_in: lifetime,
        ext_expires_in: lifetime,
        access_token: accessToken,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      },
    };
  }
  return {
    status: 200,
    body: {
      access_token: accessToken,
      expires_in: lifetime,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    },
  };
}
