import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 check of a code_verifier against the challenge sent to the authorize endpoint. */
export function verifyPkce(challenge: string, method: 'S256' | 'plain', verifier: string): boolean {
  const expected = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
