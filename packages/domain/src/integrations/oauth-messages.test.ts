import { describe, expect, it } from 'vitest';
import {
  AUTH_CODE_EXPIRED,
  noCodeMessage,
  OAUTH_CANCELLED,
  OAUTH_FAILED,
  oauthErrorMessage,
  REDIRECT_URI_MISMATCH,
} from './oauth-messages';

describe('oauth messages', () => {
  it('names the provider when no code came back', () => {
    expect(noCodeMessage('gmail')).toBe('No authorization code received from Gmail');
    expect(noCodeMessage('office365')).toBe('No authorization code received from Office 365');
  });

  it('maps provider errors to the spec texts', () => {
    expect(oauthErrorMessage('redirect_uri_mismatch')).toBe(REDIRECT_URI_MISMATCH);
    expect(oauthErrorMessage('invalid_grant: AADSTS70008 code expired')).toBe(AUTH_CODE_EXPIRED);
    expect(oauthErrorMessage('access_denied')).toBe(OAUTH_CANCELLED);
    expect(oauthErrorMessage('')).toBe(OAUTH_FAILED);
    expect(oauthErrorMessage('server exploded')).toBe('server exploded');
  });
});
