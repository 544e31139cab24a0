import {
  TOKEN_BEFORE_FETCH_WINDOW_MINUTES,
  TOKEN_EXPIRING_WINDOW_MINUTES,
  TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS,
  TOKEN_ON_MOUNT_WINDOW_MINUTES,
} from '../constants';
import type { EmailIntegration } from '../entities';

const MINUTE_MS = 60_000;

function expiryMs(tokenExpiresAt: string | null | undefined): number | null {
  if (!tokenExpiresAt) return null;
  const ms = Date.parse(tokenExpiresAt);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether a token expiry lies in the past (no expiry: not expired). */
export function isTokenExpired(tokenExpiresAt: string | null | undefined, now: Date): boolean {
  const expiry = expiryMs(tokenExpiresAt);
  return expiry !== null && expiry < now.getTime();
}

/** Whether a token expires within `minutes` from now, or already has (no expiry: false). */
export function isExpiringWithin(
  tokenExpiresAt: string | null | undefined,
  minutes: number,
  now: Date,
): boolean {
  const expiry = expiryMs(tokenExpiresAt);
  return expiry !== null && expiry <= now.getTime() + minutes * MINUTE_MS;
}

/** Whole minutes until expiry (negative once expired), or null without an expiry. */
export function minutesUntilExpiry(tokenExpiresAt: string | null | undefined, now: Date): number | null {
  const expiry = expiryMs(tokenExpiresAt);
  return expiry === null ? null : Math.floor((expiry - now.getTime()) / MINUTE_MS);
}

type TokenHolder = Pick<EmailIntegration, 'isActive' | 'tokenExpiresAt'>;

/** The on-mount check: refresh active integrations with no expiry or one within 5 minutes. */
export function shouldRefreshOnMount(integration: TokenHolder, now: Date): boolean {
  return (
    integration.isActive &&
    (!integration.tokenExpiresAt ||
      isExpiringWithin(integration.tokenExpiresAt, TOKEN_ON_MOUNT_WINDOW_MINUTES, now))
  );
}

/** The periodic check: refresh active integrations expiring within 15 minutes, at most once per 5 minutes each. */
export function shouldAutoRefresh(integration: TokenHolder, lastAttemptAt: Date | null, now: Date): boolean {
  if (!integration.isActive) return false;
  if (!isExpiringWithin(integration.tokenExpiresAt, TOKEN_EXPIRING_WINDOW_MINUTES, now)) return false;
  return (
    lastAttemptAt === null ||
    now.getTime() - lastAttemptAt.getTime() >= TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS * MINUTE_MS
  );
}

/** Before a content fetch: refresh when the token expires within 5 minutes and a refresh token exists. */
export function shouldRefreshBeforeFetch(
  tokenExpiresAt: string | null | undefined,
  hasRefreshToken: boolean,
  now: Date,
): boolean {
  return hasRefreshToken && isExpiringWithin(tokenExpiresAt, TOKEN_BEFORE_FETCH_WINDOW_MINUTES, now);
}
