import { createSign } from 'node:crypto';
import { kindForStatus, ProviderError } from '../transport/provider-error';
import type { ServiceAccountKey } from './service-account-key';

const PUBSUB_SCOPE = 'https://www.googleapis.com/auth/pubsub';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google accepts assertions of at most an hour; the token it answers lives about as long. */
const ASSERTION_SECONDS = 3600;
/** A cached token is replaced this long before it expires, so no pull starts with a token about to die. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const TOKEN_TIMEOUT_MS = 10_000;

export type TokenSource = { token(): Promise<string>; forget(): void };

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 JWT asserting the service account, for Google's token endpoint (OAuth 2.0 JWT bearer, RFC 7523). */
export function signAssertion(key: ServiceAccountKey, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(key.keyId ? { kid: key.keyId } : {}) };
  const claims = {
    iss: key.clientEmail,
    scope: PUBSUB_SCOPE,
    aud: key.tokenUri,
    iat,
    exp: iat + ASSERTION_SECONDS,
  };
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(key.privateKey, 'base64url')}`;
}

/**
 * The service account's access token, fetched once and reused until shortly before it expires; concurrent
 * callers share one request. `forget` drops it (after a 401).
 */
export function createTokenSource(key: ServiceAccountKey, now: () => number = Date.now): TokenSource {
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  const fetchToken = async (): Promise<string> => {
    const response = await fetch(key.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion: signAssertion(key, now()) }).toString(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !body.access_token) {
      const kind = response.status === 400 ? 'unauthorized' : kindForStatus(response.status);
      throw new ProviderError(
        kind,
        `Pub/Sub token refused: ${body.error ?? response.status}`,
        response.status,
      );
    }
    cached = { token: body.access_token, expiresAt: now() + (body.expires_in ?? ASSERTION_SECONDS) * 1000 };
    return body.access_token;
  };
  return {
    async token() {
      if (cached && cached.expiresAt - REFRESH_MARGIN_MS > now()) return cached.token;
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    forget() {
      cached = null;
    },
  };
}
