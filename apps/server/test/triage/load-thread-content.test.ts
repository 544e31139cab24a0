import type { ThreadDto } from '@ledgerdesk/domain/api/triage';
import type { EmailInThread } from '@ledgerdesk/domain/entities';
import { EMAIL_FETCH_ERRORS } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import { type ContentFetcher, loadThreadContent } from '../../src/features/triage/load-thread-content';
import { AppError } from '../../src/http/app-error';

function threadOf(count: number, unlinked: number[] = []): ThreadDto {
  const items = Array.from({ length: count }, (_, i) =>
    testItem({
      id: `item-${i}`,
      emailMessageId: unlinked.includes(i) ? null : `msg-${i}`,
      previewContent: `Preview ${i}`,
    }),
  );
  return { threadId: 'thread-1', subject: 's', items, participants: [], lastActivity: '', emailCount: count };
}

const email = (id: string): EmailInThread => ({
  id,
  subject: 's',
  from: { name: '', address: 'a@x.test' },
  to: [],
  cc: [],
  bcc: [],
  receivedDateTime: '2024-01-01T00:00:00.000Z',
  body: { content: id, contentType: 'text' },
  hasAttachments: false,
  attachments: [],
  isRead: false,
  status: 'available',
});
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const options = { itemTimeoutMs: 80, threadTimeoutMs: 200, concurrency: 4 };

describe('loadThreadContent', () => {
  it('fetches at most 4 at a time, keeps the thread order, and passes the per-item timeout on', async () => {
    let running = 0;
    let peak = 0;
    const timeouts: number[] = [];
    const fetch: ContentFetcher = async ({ messageId, timeoutMs }) => {
      timeouts.push(timeoutMs);
      running += 1;
      peak = Math.max(peak, running);
      await wait(5 + (Number(messageId.slice(4)) % 3) * 5);
      running -= 1;
      return email(messageId);
    };
    const result = await loadThreadContent(threadOf(10), { ...options, fetch });
    expect(peak).toBe(4);
    expect(timeouts.every((ms) => ms === 80)).toBe(true);
    expect(result.items.map((item) => item.email?.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `msg-${i}`),
    );
    expect(result).toMatchObject({ isTimedOut: false, threadError: null });
  });

  it('fails a slow item with RequestTimeout after the per-item timeout, others still load', async () => {
    const fetch: ContentFetcher = async ({ messageId }) => {
      if (messageId === 'msg-1') await wait(1000);
      return email(messageId);
    };
    const result = await loadThreadContent(threadOf(3), { ...options, fetch });
    expect(result.items.map((item) => item.outcome)).toEqual(['loaded', 'failed', 'loaded']);
    expect(result.items[1]?.error).toMatchObject({ code: 'RequestTimeout', isRetryable: true });
    expect(result.threadError).toBeNull();
  });

  it('stops at the thread deadline: unfinished items fail with RequestTimeout and the thread says so', async () => {
    let started = 0;
    const fetch: ContentFetcher = async ({ messageId }) => {
      started += 1;
      await wait(70);
      return email(messageId);
    };
    const startedAt = Date.now();
    const result = await loadThreadContent(threadOf(12), { ...options, concurrency: 2, fetch });
    expect(Date.now() - startedAt).toBeLessThan(400);
    expect(result.isTimedOut).toBe(true);
    expect(started).toBeLessThan(12);
    expect(result.items.filter((item) => item.outcome === 'loaded').length).toBeGreaterThan(0);
    expect(result.items.at(-1)?.error?.code).toBe('RequestTimeout');
  });

  it('uses the provider catalogue code, and names the thread failure when nothing loaded', async () => {
    const fetch: ContentFetcher = async () => {
      throw new AppError(
        409,
        'EmailIntegrationInactive',
        EMAIL_FETCH_ERRORS.EmailIntegrationInactive.description,
      );
    };
    const result = await loadThreadContent(threadOf(2), { ...options, fetch });
    expect(result.items[0]?.error).toEqual({
      code: 'EmailIntegrationInactive',
      ...EMAIL_FETCH_ERRORS.EmailIntegrationInactive,
    });
    expect(result.threadError).toEqual({
      code: 'IntegrationInactive',
      title: 'Failed to Load Thread',
      message: 'Your email integration is inactive. Please reactivate it in Email Settings.',
      isRetryable: false,
    });
  });

  it('classifies other errors by message and reports unexpected ones', async () => {
    const unexpected: unknown[] = [];
    const fetch: ContentFetcher = async ({ messageId }) => {
      if (messageId === 'msg-0') throw new Error('socket hang up: network unreachable');
      throw new AppError(404, 'whatever', 'ErrorItemNotFound');
    };
    const result = await loadThreadContent(threadOf(2), {
      ...options,
      fetch,
      onUnexpectedError: (error) => unexpected.push(error),
    });
    expect(result.items.map((item) => item.error?.code)).toEqual(['NetworkError', 'EmailNotFound']);
    expect(unexpected).toHaveLength(1);
    expect(result.threadError?.code).toBe('Unknown');
    expect(result.threadError?.isRetryable).toBe(true);
  });

  it('shows unlinked items from their preview and never asks the provider for them', async () => {
    const asked: string[] = [];
    const fetch: ContentFetcher = async ({ messageId }) => {
      asked.push(messageId);
      throw new AppError(504, 'RequestTimeout', 'timeout');
    };
    const result = await loadThreadContent(threadOf(2, [0]), { ...options, fetch });
    expect(asked).toEqual(['msg-1']);
    expect(result.items[0]).toMatchObject({ outcome: 'fallback', email: { body: { content: 'Preview 0' } } });
    // Something could be shown, so the thread as a whole did not fail.
    expect(result.threadError).toBeNull();
  });
});
