import type { TokenSet } from '../provider';
import { fetchWithRetry } from './fetch-with-retry';
import { ProviderError } from './provider-error';
import { INTERACTIVE_POLICY } from './retry-policy';

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  scope?: string;
  error?: string;
  error_description?: string;
};

/**
 * OAuth errors that only the user can clear by signing in again: a refused or expired grant, a sign-in step the
 * tenant now asks for (MFA, Conditional Access), consent withdrawn (Microsoft v2 token endpoint errors).
 */
const NEEDS_USER_CODES = new Set(['invalid_grant', 'interaction_required', 'consent_required']);

/** Errors that say "try again later" whatever the status they come with. */
const TRANSIENT_CODES = new Set(['temporarily_unavailable']);

/**
 * POSTs a form to an OAuth 2.0 token endpoint (RFC 6749 §4.1.3, §6). Error answers become ProviderErrors
 * whose providerCode is the OAuth `error` (invalid_grant, redirect_uri_mismatch, …); the errors that need the
 * user are kind `invalid_grant`, `temporarily_unavailable` is kind `unavailable`.
 */
export async function requestTokens(
  url: string,
  params: Record<string, string>,
  normalizeScope: (scope: string) => string = (scope) => scope,
): Promise<TokenSet> {
  const response = await fetchWithRetry(
    url,
    () => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    }),
    { policy: INTERACTIVE_POLICY },
  );
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || !answer.access_token) {
    const code = answer.error ?? `http_${response.status}`;
    const message = answer.error_description ? `${code}: ${answer.error_description}` : code;
    const kind = NEEDS_USER_CODES.has(code)
      ? 'invalid_grant'
      : TRANSIENT_CODES.has(code) || response.status >= 500
        ? 'unavailable'
        : 'bad_request';
    throw new ProviderError(kind, message, response.status, code);
  }
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
    scopes: answer.scope ? answer.scope.split(/\s+/).filter(Boolean).map(normalizeScope) : null,
  };
}

/** The form that redeems an authorization code with its PKCE verifier (RFC 6749 §4.1.3, RFC 7636 §4.5). */
export function authorizationCodeForm(
  client: { clientId: string; clientSecret: string },
  input: { code: string; redirectUri: string; codeVerifier: string },
): Record<string, string> {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  };
}
