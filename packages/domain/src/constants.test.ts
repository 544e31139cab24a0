import { describe, expect, it } from 'vitest';
import {
  AUTO_REFRESH_SETTINGS_DEFAULT,
  AVATAR_MAX_BYTES,
  fetchContentRetryDelayMs,
  NOTIFICATION_SOURCE_PRIORITY,
  PANEL_DEFAULT_SIZES,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
} from './constants';

describe('business constants', () => {
  it('caps avatars at 5 MB in bytes', () => {
    expect(AVATAR_MAX_BYTES).toBe(5_242_880);
  });

  it('defaults triage auto-refresh to enabled every 30 s with notifications and no auto refresh', () => {
    expect(AUTO_REFRESH_SETTINGS_DEFAULT).toEqual({
      enabled: true,
      interval: 30000,
      showNotifications: true,
      autoRefresh: false,
    });
  });

  it('gives office365 sources priority 8, gmail and imap 7', () => {
    expect(NOTIFICATION_SOURCE_PRIORITY).toEqual({ office365: 8, gmail: 7, imap: 7 });
  });

  it('splits the panels 60/40 by default', () => {
    expect(PANEL_DEFAULT_SIZES).toEqual({ left: 60, right: 40 });
  });

  it('keeps the sidebar cookie for 7 days', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604800);
  });
});

describe('fetchContentRetryDelayMs', () => {
  it('doubles from 1 s and caps at 10 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(fetchContentRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
