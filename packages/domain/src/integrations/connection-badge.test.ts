import { describe, expect, it } from 'vitest';
import { connectionBadge, tokenExpiryLabel } from './connection-badge';
import { testIntegration } from './test-integration';

const now = new Date('2024-05-10T12:00:00Z');

describe('connectionBadge', () => {
  it('reads "Not connected" without an active integration', () => {
    expect(connectionBadge([], now)).toMatchObject({ state: 'not_connected', label: 'Not connected' });
    expect(connectionBadge([testIntegration({ isActive: false })], now).label).toBe('Not connected');
  });

  it('reads "Token expired" with a refresh button when either token expired', () => {
    const badge = connectionBadge(
      [
        testIntegration(),
        testIntegration({ id: 'g', provider: 'gmail', tokenExpiresAt: '2024-05-10T11:00:00Z' }),
      ],
      now,
    );
    expect(badge).toMatchObject({ state: 'token_expired', label: 'Token expired', showRefresh: true });
  });

  it('reads "Connected" otherwise', () => {
    expect(connectionBadge([testIntegration()], now)).toMatchObject({
      label: 'Connected',
      showRefresh: false,
    });
  });

  it('shows the latest last sync as relative time', () => {
    const badge = connectionBadge(
      [
        testIntegration({ lastSyncAt: '2024-05-10T10:00:00Z' }),
        testIntegration({ id: 'g', provider: 'gmail', lastSyncAt: '2024-05-10T11:55:00Z' }),
      ],
      now,
    );
    expect(badge.lastSyncLabel).toBe('Last sync 5 minutes ago');
  });

  it('shows the earliest token expiry', () => {
    const badge = connectionBadge(
      [
        testIntegration({ tokenExpiresAt: '2024-05-13T12:00:00Z' }),
        testIntegration({ id: 'g', provider: 'gmail', tokenExpiresAt: '2024-05-10T17:30:00Z' }),
      ],
      now,
    );
    expect(badge.tokenExpiryLabel).toBe('Token expires in 5h');
  });

  it('has no last sync label when never synced', () => {
    expect(connectionBadge([testIntegration({ lastSyncAt: null })], now).lastSyncLabel).toBeNull();
  });
});

describe('tokenExpiryLabel', () => {
  it('uses hours under 24 h and days from 24 h', () => {
    expect(tokenExpiryLabel('2024-05-10T12:30:00Z', now)).toBe('Token expires in 0h');
    expect(tokenExpiryLabel('2024-05-11T11:59:00Z', now)).toBe('Token expires in 23h');
    expect(tokenExpiryLabel('2024-05-11T12:00:00Z', now)).toBe('Token expires in 1d');
    expect(tokenExpiryLabel('2024-05-13T20:00:00Z', now)).toBe('Token expires in 3d');
  });

  it('is null for a past or missing expiry', () => {
    expect(tokenExpiryLabel('2024-05-10T11:00:00Z', now)).toBeNull();
    expect(tokenExpiryLabel(null, now)).toBeNull();
  });
});
