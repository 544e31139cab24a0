import { describe, expect, it } from 'vitest';
import {
  CONNECTION_EXPIRED_MESSAGE,
  REFRESH_FAILED_TITLE,
  TOKEN_REFRESH_FAILED_MESSAGE,
  TOKEN_REFRESH_FAILED_TITLE,
  TOKEN_REFRESHED_TITLE,
} from './token-messages';

describe('token texts', () => {
  it('are the spec texts', () => {
    expect(TOKEN_REFRESH_FAILED_MESSAGE).toBe('Token refresh failed. Please reconnect your email account.');
    expect(CONNECTION_EXPIRED_MESSAGE).toBe(
      'Your email connection has expired. Please disconnect and reconnect your account.',
    );
    expect([REFRESH_FAILED_TITLE, TOKEN_REFRESH_FAILED_TITLE, TOKEN_REFRESHED_TITLE]).toEqual([
      'Refresh Failed',
      'Token Refresh Failed',
      'Token Refreshed',
    ]);
  });
});
