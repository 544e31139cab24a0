import { describe, expect, it } from 'vitest';
import {
  classifyThreadLoadError,
  shouldRetryThreadLoad,
  THREAD_LOAD_ERROR_TITLE,
  threadLoadErrorMessage,
} from './thread-load-errors';

describe('thread load messages', () => {
  it('uses the spec title and texts', () => {
    expect(THREAD_LOAD_ERROR_TITLE).toBe('Failed to Load Thread');
    expect(threadLoadErrorMessage('NotLoggedIn')).toBe('Please log in to view email threads.');
    expect(threadLoadErrorMessage('TokenExpired')).toBe(
      'Your email account access has expired. Please refresh your token in Email Settings.',
    );
    expect(threadLoadErrorMessage('IntegrationInactive')).toBe(
      'Your email integration is inactive. Please reactivate it in Email Settings.',
    );
    expect(threadLoadErrorMessage('EmailNotFound')).toBe(
      'Email not found. It may have been moved or deleted.',
    );
    expect(threadLoadErrorMessage('ContentUnavailable')).toBe('Email content not available');
    expect(threadLoadErrorMessage('Timeout')).toMatch(/^Request timed out/);
    expect(threadLoadErrorMessage('Unknown')).toBe(
      'Unable to load thread items. Please refresh and try again.',
    );
  });
});

describe('classifyThreadLoadError', () => {
  it.each([
    ['You must be logged in', 'NotLoggedIn'],
    ['Email account access has expired', 'TokenExpired'],
    ['EmailIntegrationInactive', 'IntegrationInactive'],
    ['ErrorItemNotFound', 'EmailNotFound'],
    ['Email content not available', 'ContentUnavailable'],
    ['timeout', 'Timeout'],
    ['Not available in the preview environment', 'PreviewEnvironment'],
    ['boom', 'Unknown'],
  ] as const)('maps "%s" to %s', (message, code) => {
    expect(classifyThreadLoadError(message)).toBe(code);
  });
});

describe('shouldRetryThreadLoad', () => {
  it('retries at most twice', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetryThreadLoad('Timeout', n))).toEqual([true, true, false, false]);
  });

  it('never retries an expired token, a signed-out user or an inactive integration', () => {
    for (const code of ['TokenExpired', 'NotLoggedIn', 'IntegrationInactive'] as const) {
      expect(shouldRetryThreadLoad(code, 0)).toBe(false);
    }
  });
});
