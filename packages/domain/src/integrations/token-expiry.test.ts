import { describe, expect, it } from 'vitest';
import {
  isExpiringWithin,
  isTokenExpired,
  minutesUntilExpiry,
  shouldAutoRefresh,
  shouldRefreshBeforeFetch,
  shouldRefreshOnMount,
} from './token-expiry';

const now = new Date('2024-05-10T12:00:00Z');
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();

describe('isTokenExpired', () => {
  it('is true only when the expiry is in the past', () => {
    expect(isTokenExpired(inMinutes(-1), now)).toBe(true);
    expect(isTokenExpired(inMinutes(1), now)).toBe(false);
  });

  it('is false without an expiry', () => {
    expect(isTokenExpired(null, now)).toBe(false);
  });
});

describe('isExpiringWithin', () => {
  it('includes expiries inside the window and already expired ones', () => {
    expect(isExpiringWithin(inMinutes(29), 30, now)).toBe(true);
    expect(isExpiringWithin(inMinutes(30), 30, now)).toBe(true);
    expect(isExpiringWithin(inMinutes(-10), 30, now)).toBe(true);
    expect(isExpiringWithin(inMinutes(31), 30, now)).toBe(false);
    expect(isExpiringWithin(null, 30, now)).toBe(false);
  });
});

describe('minutesUntilExpiry', () => {
  it('counts whole minutes, negative once expired', () => {
    expect(minutesUntilExpiry(inMinutes(90), now)).toBe(90);
    expect(minutesUntilExpiry(inMinutes(-2), now)).toBe(-2);
    expect(minutesUntilExpiry(null, now)).toBeNull();
  });
});

describe('token refresh rules', () => {
  it('on mount refreshes active tokens with no expiry or one within 5 minutes', () => {
    expect(shouldRefreshOnMount({ isActive: true, tokenExpiresAt: null }, now)).toBe(true);
    expect(shouldRefreshOnMount({ isActive: true, tokenExpiresAt: inMinutes(4) }, now)).toBe(true);
    expect(shouldRefreshOnMount({ isActive: true, tokenExpiresAt: inMinutes(6) }, now)).toBe(false);
    expect(shouldRefreshOnMount({ isActive: false, tokenExpiresAt: null }, now)).toBe(false);
  });

  it('periodically refreshes tokens expiring within 15 minutes, at most every 5 minutes', () => {
    const expiring = { isActive: true, tokenExpiresAt: inMinutes(14) };
    expect(shouldAutoRefresh(expiring, null, now)).toBe(true);
    expect(shouldAutoRefresh(expiring, new Date(now.getTime() - 4 * 60_000), now)).toBe(false);
    expect(shouldAutoRefresh(expiring, new Date(now.getTime() - 5 * 60_000), now)).toBe(true);
    expect(shouldAutoRefresh({ isActive: true, tokenExpiresAt: inMinutes(16) }, null, now)).toBe(false);
    expect(shouldAutoRefresh({ ...expiring, isActive: false }, null, now)).toBe(false);
  });

  it('before a fetch refreshes within 5 minutes when a refresh token exists', () => {
    expect(shouldRefreshBeforeFetch(inMinutes(5), true, now)).toBe(true);
    expect(shouldRefreshBeforeFetch(inMinutes(5), false, now)).toBe(false);
    expect(shouldRefreshBeforeFetch(inMinutes(10), true, now)).toBe(false);
  });
});
