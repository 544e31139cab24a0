import crypto from 'node:crypto';

export type PkcePair = { verifier: string; challenge: string };

/** A PKCE verifier (43 chars of base64url, RFC 7636 §4.1) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** BASE64URL(SHA256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}

/**
 * An unguessable OAuth state value, prefixed with the provider (`office365.…` / `gmail.…`) so the return page
 * knows which provider answered even when the redirect URI carries no `provider` parameter.
 */
export function createState(provider: string): string {
  return `${provider}.${crypto.randomBytes(24).toString('base64url')}`;
}
