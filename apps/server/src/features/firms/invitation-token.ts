import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Invitation links: `base64url(payload).base64url(HMAC-SHA256(key, payload))`, the payload naming the invitation
 * and its expiry. The key is derived from the server's secret; only SHA-256 of the whole token is stored, so a
 * database read does not yield a usable link. Single use and expiry are enforced again by the database
 * (ledgerdesk_accept_firm_invitation, migration 0011), which is the authority.
 */
export type InvitationPayload = { invitationId: string; firmId: string; expiresAt: number };

export function invitationKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('ledgerdesk firm invitations v1').digest();
}

export function signInvitation(key: Buffer, payload: InvitationPayload): string {
  const body = Buffer.from(
    JSON.stringify({ i: payload.invitationId, f: payload.firmId, e: payload.expiresAt }),
  ).toString('base64url');
  const signature = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${signature}`;
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type VerifiedInvitation =
  | { ok: true; payload: InvitationPayload }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first (a forged or altered token is `invalid`), then the expiry it carries. */
export function verifyInvitation(key: Buffer, token: string, now: Date): VerifiedInvitation {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  let parsed: { i?: unknown; f?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof parsed.i !== 'string' || typeof parsed.f !== 'string' || typeof parsed.e !== 'number')
    return { ok: false, reason: 'invalid' };
  if (parsed.e <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload: { invitationId: parsed.i, firmId: parsed.f, expiresAt: parsed.e } };
}
