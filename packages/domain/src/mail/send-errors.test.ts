import { describe, expect, it } from 'vitest';
import { classifySendError, emailSentMessage, SEND_ERRORS } from './send-errors';

describe('send catalogue', () => {
  it('uses the spec titles', () => {
    expect(Object.values(SEND_ERRORS).map((m) => m.title)).toEqual([
      'Account Not Connected',
      'Access Expired',
      'Permissions Required',
      'Access Denied',
      'Rate Limited',
      'Token Refresh Failed',
      'Permission Denied',
      // Decision 023 (decision 024): a shared mailbox whose tenant grants neither Send As nor Send on behalf.
      'Sending Not Allowed',
      'Send Failed',
    ]);
    expect(SEND_ERRORS.RATE_LIMITED.description).toContain('try again in a few minutes');
    expect(emailSentMessage('me@firm.com').title).toBe('Email Sent');
  });

  it.each([
    ['TOKEN_EXPIRED', 'TOKEN_EXPIRED'],
    ['INSUFFICIENT_PERMISSIONS', 'INSUFFICIENT_PERMISSIONS'],
    ['ACCESS_DENIED', 'ACCESS_DENIED'],
    ['429 Too Many Requests', 'RATE_LIMITED'],
    ['Token refresh failed', 'TOKEN_REFRESH_FAILED'],
    ['Forbidden', 'FORBIDDEN'],
    ['ErrorSendAsDenied: not allowed', 'SEND_AS_DENIED'],
    ['status 403', 'FORBIDDEN'],
    ['No active Office 365 integration', 'ACCOUNT_NOT_CONNECTED'],
    ['kaboom', 'UNKNOWN'],
  ] as const)('maps "%s" to %s', (message, code) => {
    expect(classifySendError(message)).toBe(code);
  });
});
