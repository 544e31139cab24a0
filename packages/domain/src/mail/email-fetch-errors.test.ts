import { describe, expect, it } from 'vitest';
import { classifyFetchError, EMAIL_FETCH_ERRORS } from './email-fetch-errors';

describe('EMAIL_FETCH_ERRORS', () => {
  it('gives each failure the spec title, text, retry and tone', () => {
    expect(EMAIL_FETCH_ERRORS.EmailIntegrationNotFound).toEqual({
      title: 'Failed to Load Email',
      description: "You don't have access to this email integration.",
      isRetryable: false,
      tone: 'destructive',
    });
    expect(EMAIL_FETCH_ERRORS.EmailIntegrationInactive).toMatchObject({
      title: 'Email Integration Inactive',
      description: 'This email integration is inactive. Please reactivate it in Email Settings.',
      isRetryable: false,
    });
    expect(EMAIL_FETCH_ERRORS.NotLoggedIn).toMatchObject({
      description: 'Please log in to view email content.',
      isRetryable: false,
    });
    expect(EMAIL_FETCH_ERRORS.EmailAccountExpired).toMatchObject({
      title: 'Email Access Expired',
      description: 'Your email account access has expired. Please refresh your connection in Email Settings.',
      isRetryable: false,
    });
    expect(EMAIL_FETCH_ERRORS.EmailNotFound).toEqual({
      title: 'Email Not Available',
      description: 'This email could not be found. It may have been archived, moved, or deleted.',
      isRetryable: false,
      tone: 'neutral',
    });
    expect(EMAIL_FETCH_ERRORS.RequestTimeout).toMatchObject({
      title: 'Request Timeout',
      description: 'Request timed out. Your email provider may be experiencing issues. Please try again.',
      isRetryable: true,
    });
    expect(EMAIL_FETCH_ERRORS.ProviderFetchFailed.description).toBe(
      'Unable to connect to your email provider. Please check your connection and try again.',
    );
    expect(EMAIL_FETCH_ERRORS.NetworkError.description).toBe(
      'Network error occurred. Please check your internet connection and try again.',
    );
    expect(EMAIL_FETCH_ERRORS.Unknown).toEqual({
      title: 'Failed to Load Email',
      description: 'Could not fetch email content. Please try again.',
      isRetryable: true,
      tone: 'destructive',
    });
    expect(EMAIL_FETCH_ERRORS.NoIntegration).toMatchObject({
      title: 'No Email Integration',
      description:
        "This item doesn't have email integration data. It may be from a different source or an older item.",
    });
  });
});

describe('classifyFetchError', () => {
  it.each([
    ['EmailIntegrationNotFound', 'EmailIntegrationNotFound'],
    ['Email integration not found', 'EmailIntegrationNotFound'],
    ['EmailIntegrationInactive', 'EmailIntegrationInactive'],
    ['You must be logged in to fetch email content.', 'NotLoggedIn'],
    ['EmailAccountExpired', 'EmailAccountExpired'],
    ['Graph said InvalidAuthenticationToken', 'EmailAccountExpired'],
    ['Email account access has expired', 'EmailAccountExpired'],
    ['Token refresh failed', 'EmailAccountExpired'],
    ['Request failed with 404', 'EmailNotFound'],
    ['Message not found', 'EmailNotFound'],
    ['ErrorItemNotFound', 'EmailNotFound'],
    ['Request timeout after 30s', 'RequestTimeout'],
    ['The operation timed out', 'RequestTimeout'],
    ['ProviderFetchFailed', 'ProviderFetchFailed'],
    ['Network request failed', 'NetworkError'],
    ['TypeError: Failed to fetch', 'NetworkError'],
    ['NoIntegration', 'NoIntegration'],
    ['something odd', 'Unknown'],
  ] as const)('maps "%s" to %s', (message, code) => {
    expect(classifyFetchError(message)).toBe(code);
  });

  it('treats a missing message as unknown', () => {
    expect(classifyFetchError(undefined)).toBe('Unknown');
  });
});
