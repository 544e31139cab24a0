import { describe, expect, it } from 'vitest';
import { testItem } from './test-item';
import { fallbackEmail, hasMailboxIds, threadLoadCodeForFetchError } from './thread-content';

describe('hasMailboxIds', () => {
  it('needs both the message id and the integration id', () => {
    expect(hasMailboxIds(testItem())).toBe(true);
    expect(hasMailboxIds(testItem({ emailMessageId: null }))).toBe(false);
    expect(hasMailboxIds(testItem({ emailIntegrationId: null }))).toBe(false);
  });
});

describe('fallbackEmail', () => {
  it('builds an available plain-text email from the stored preview', () => {
    const email = fallbackEmail(testItem({ previewContent: 'Figures attached', isRead: true }));
    expect(email).toMatchObject({
      id: 'item-1',
      subject: 'Quarterly figures',
      from: { name: 'Alice', address: 'alice@example.com' },
      receivedDateTime: '2024-05-01T10:00:00.000Z',
      body: { content: 'Figures attached', contentType: 'text' },
      status: 'available',
      isRead: true,
      attachments: [],
    });
  });

  it('falls back to the metadata preview, then to an empty body', () => {
    expect(fallbackEmail(testItem({ metadata: { preview_content: 'From metadata' } })).body.content).toBe(
      'From metadata',
    );
    expect(fallbackEmail(testItem()).body.content).toBe('');
  });
});

describe('threadLoadCodeForFetchError', () => {
  it('maps the never-retried fetch failures to their thread codes', () => {
    expect(threadLoadCodeForFetchError('EmailAccountExpired')).toBe('TokenExpired');
    expect(threadLoadCodeForFetchError('NotLoggedIn')).toBe('NotLoggedIn');
    expect(threadLoadCodeForFetchError('EmailIntegrationInactive')).toBe('IntegrationInactive');
  });

  it('maps not found, timeout and the rest', () => {
    expect(threadLoadCodeForFetchError('EmailNotFound')).toBe('EmailNotFound');
    expect(threadLoadCodeForFetchError('RequestTimeout')).toBe('Timeout');
    expect(threadLoadCodeForFetchError('NoIntegration')).toBe('ContentUnavailable');
    expect(threadLoadCodeForFetchError('NetworkError')).toBe('Unknown');
  });
});
