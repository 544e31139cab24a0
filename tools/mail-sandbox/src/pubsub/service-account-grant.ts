import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type { SandboxContext } from '../context';
import { SANDBOX_SERVICE_ACCOUNT_EMAIL, SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY } from './service-account';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const PUBSUB_SCOPES = [
  'https://www.googleapis.com/auth/pubsub',
  'https://www.googleapis.com/auth/cloud-platform',
];
/** Google refuses assertions that live longer than an hour. */
const MAX_ASSERTION_SECONDS = 3600;
const CLOCK_SKEW_SECONDS = 300;

// The token endpoint's own shapes, restated here: importing them from token-exchange.ts would be a cycle.
type TokenParams = Record<string, string | undefined>;
type TokenResult = { status: number; body: Record<string, unknown> };

const publicKey = createPublicKey(SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY);

const invalidGrant = (description: string): TokenResult => ({
  status: 400,
  body: { error: 'invalid_grant', error_description: description },
});

const decodePart = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * Google's token endpoint for a service account (RFC 7523): an RS256 JWT signed with the account's key, `iss` the
 * account, `aud` this endpoint, `scope` what it asks for, `iat`/`exp` at most an hour apart. Answers a bearer
 * token for the sandbox's Pub/Sub API.
 */
export function exchangeServiceAccountAssertion(ctx: SandboxContext, params: TokenParams): TokenResult {
  const [header, payload, signature, extra] = (params.assertion ?? '').split('.');
  if (!header || !payload || !signature || extra !== undefined) return invalidGrant('Invalid JWT.');
  const head = decodePart(header);
  const claims = decodePart(payload);
  if (head?.alg !== 'RS256' || !claims) return invalidGrant('Invalid JWT.');
  const isSigned = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!isSigned || claims.iss !== SANDBOX_SERVICE_ACCOUNT_EMAIL)
    return invalidGrant('Invalid JWT Signature.');
  if (claims.aud !== `${ctx.publicUrl()}/google/token`) return invalidGrant('Invalid JWT audience.');
  const nowSeconds = Math.floor(ctx.now() / 1000);
  const issuedAt = Number(claims.iat);
  const expiresAt = Number(claims.exp);
  if (
    !Number.isFinite(issuedAt) ||
    !Number.isFinite(expiresAt) ||
    expiresAt <= issuedAt ||
    expiresAt - issuedAt > MAX_ASSERTION_SECONDS ||
    issuedAt > nowSeconds + CLOCK_SKEW_SECONDS ||
    expiresAt < nowSeconds - CLOCK_SKEW_SECONDS
  ) {
    return invalidGrant(
      'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
    );
  }
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  if (!scopes.some((scope) => PUBSUB_SCOPES.includes(scope))) {
    return { status: 400, body: { error: 'invalid_scope', error_description: 'Invalid OAuth scope.' } };
  }
  const token = `ya29.sa-${randomBytes(24).toString('base64url')}`;
  ctx.pubsub.accessTokens.set(token, ctx.now() + ctx.tokenLifetimeSeconds * 1000);
  return {
    status: 200,
    body: { access_token: token, expires_in: ctx.tokenLifetimeSeconds, token_type: 'Bearer' },
  };
}
