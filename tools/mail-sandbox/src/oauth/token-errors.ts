import { randomUUID } from 'node:crypto';
import type { Provider } from '../store/types';

export type TokenErrorKind =
  | 'missing_parameter'
  | 'unsupported_grant_type'
  | 'invalid_code'
  | 'code_redeemed'
  | 'redirect_mismatch'
  | 'client_mismatch'
  | 'pkce_missing'
  | 'pkce_mismatch'
  | 'invalid_refresh_token'
  | 'revoked'
  | 'interaction_required'
  | 'consent_required'
  | 'temporarily_unavailable'
  | 'invalid_client';

export type TokenError = { status: number; body: Record<string, unknown> };

type MicrosoftError = { error: string; code: number; status?: number; text: (detail: string) => string };

const MICROSOFT: Record<TokenErrorKind, MicrosoftError> = {
  missing_parameter: {
    error: 'invalid_request',
    code: 900144,
    text: (d) => `The request body must contain the following parameter: '${d}'.`,
  },
  unsupported_grant_type: {
    error: 'unsupported_grant_type',
    code: 70003,
    text: (d) => `The app requested an unsupported grant type '${d}'.`,
  },
  invalid_code: {
    error: 'invalid_grant',
    code: 70008,
    text: () =>
      'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
  },
  code_redeemed: {
    error: 'invalid_grant',
    code: 54005,
    text: () =>
      'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
  },
  redirect_mismatch: {
    error: 'invalid_grant',
    code: 50011,
    text: (d) =>
      `The redirect URI '${d}' specified in the request does not match the redirect URIs configured for the application. Make sure the redirect URI sent in the request matches one added to your application in the Azure portal.`,
  },
  client_mismatch: {
    error: 'invalid_grant',
    code: 70000,
    text: () =>
      "The provided value for the 'code' parameter is not valid. The code was issued to a different client.",
  },
  pkce_missing: {
    error: 'invalid_grant',
    code: 501481,
    text: () => 'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
  },
  pkce_mismatch: {
    error: 'invalid_grant',
    code: 501481,
    text: () => 'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
  },
  invalid_refresh_token: {
    error: 'invalid_grant',
    code: 70008,
    text: () =>
      'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
  },
  revoked: {
    error: 'invalid_grant',
    code: 50173,
    text: () => 'The provided grant has expired due to it being revoked, a fresh auth token is needed.',
  },
  // The v2 token endpoint's errors that need the user back at /authorize, or only a retry
  // (entra-docs v2-oauth2-auth-code-flow.md, "Error codes for token endpoint errors").
  interaction_required: {
    error: 'interaction_required',
    code: 50076,
    text: () =>
      "Due to a configuration change made by your administrator, or because you moved to a new location, you must use multi-factor authentication to access '00000003-0000-0000-c000-000000000000'.",
  },
  consent_required: {
    error: 'consent_required',
    code: 65001,
    text: (d) =>
      `The user or administrator has not consented to use the application with ID '${d}'. Send an interactive authorization request for this user and resource.`,
  },
  temporarily_unavailable: {
    error: 'temporarily_unavailable',
    code: 90033,
    text: () => 'A transient error has occurred. Please try again.',
  },
  invalid_client: {
    error: 'invalid_client',
    code: 7000215,
    status: 401,
    text: (d) =>
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${d}'.`,
  },
};

const GOOGLE: Record<TokenErrorKind, { error: string; text: (detail: string) => string }> = {
  missing_parameter: { error: 'invalid_request', text: (d) => `Missing required parameter: ${d}` },
  unsupported_grant_type: { error: 'unsupported_grant_type', text: (d) => `Invalid grant_type: ${d}` },
  invalid_code: { error: 'invalid_grant', text: () => 'Bad Request' },
  code_redeemed: { error: 'invalid_grant', text: () => 'Bad Request' },
  redirect_mismatch: { error: 'redirect_uri_mismatch', text: () => 'Bad Request' },
  client_mismatch: { error: 'unauthorized_client', text: () => 'Unauthorized' },
  pkce_missing: { error: 'invalid_grant', text: () => 'Missing code verifier.' },
  pkce_mismatch: { error: 'invalid_grant', text: () => 'Invalid code verifier.' },
  invalid_refresh_token: { error: 'invalid_grant', text: () => 'Token has been expired or revoked.' },
  revoked: { error: 'invalid_grant', text: () => 'Token has been expired or revoked.' },
  interaction_required: { error: 'invalid_grant', text: () => 'Token has been expired or revoked.' },
  consent_required: { error: 'invalid_grant', text: () => 'Token has been expired or revoked.' },
  temporarily_unavailable: { error: 'temporarily_unavailable', text: () => 'Try again later.' },
  invalid_client: { error: 'invalid_client', text: () => 'Unauthorized' },
};

/** Token endpoint errors in each provider's own shape (AADSTS codes for Microsoft, terse for Google). */
export function tokenError(provider: Provider, kind: TokenErrorKind, detail = ''): TokenError {
  if (provider === 'gmail') {
    const google = GOOGLE[kind];
    return {
      status: kind === 'client_mismatch' || kind === 'invalid_client' ? 401 : 400,
      body: { error: google.error, error_description: google.text(detail) },
    };
  }
  const microsoft = MICROSOFT[kind];
  return {
    status: microsoft.status ?? 400,
    body: microsoftErrorBody(microsoft.error, microsoft.code, microsoft.text(detail)),
  };
}

export function microsoftErrorBody(error: string, code: number, text: string): Record<string, unknown> {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = `${new Date().toISOString().replace('T', ' ').slice(0, 19)}Z`;
  return {
    error,
    error_description: `AADSTS${code}: ${text} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  };
}
