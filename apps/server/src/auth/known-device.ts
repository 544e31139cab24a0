import { createHmac, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'ledgerdesk.known_device';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A device cookie (OWASP "slow down online guessing with device cookies"): set when someone signs in to an
 * account, it lets that browser past the account's attempt budget, so an attack on the account from
 * elsewhere cannot lock its owner out. It names the account by an HMAC only, and is Secure whenever the
 * public address is https, whatever scheme the request arrived with.
 */
export function createKnownDevices(secret: string, { isSecure }: { isSecure: boolean }) {
  const mark = (email: string) =>
    createHmac('sha256', secret).update(`known-device:${email.trim().toLowerCase()}`).digest('base64url');
  return {
    cookieFor(email: string): string {
      return `${KNOWN_DEVICE_COOKIE}=${mark(email)}; Path=/api/auth; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;
    },
    isKnown(cookieHeader: string | undefined, email: string): boolean {
      const value = (cookieHeader ?? '')
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
        ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
      if (!value) return false;
      const given = Buffer.from(value);
      const expected = Buffer.from(mark(email));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
