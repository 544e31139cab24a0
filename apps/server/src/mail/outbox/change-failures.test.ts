import { describe, expect, it } from 'vitest';
import { MailError } from '../core/errors';
import { ProviderError } from '../core/transport/provider-error';
import { describeFailure, MAX_PUSH_ATTEMPTS, retryDelaySeconds } from './change-failures';
import { type OpenChange, pickChanges } from './push-changes';

describe('outbox failures', () => {
  it('retries what the provider may do later, and gives up on what it refused', () => {
    expect(describeFailure('archive', new ProviderError('unavailable', '503'), 1).isPermanent).toBe(false);
    expect(describeFailure('archive', new ProviderError('throttled', '429'), 1).isPermanent).toBe(false);
    expect(describeFailure('read', new Error('connection reset'), 1).isPermanent).toBe(false);
    expect(
      describeFailure('archive', new ProviderError('unavailable', '503'), MAX_PUSH_ATTEMPTS).isPermanent,
    ).toBe(true);
    const missing = describeFailure(
      'archive',
      new MailError('archive_folder_missing', 'ArchiveFolderMissing'),
      1,
    );
    expect(missing).toMatchObject({ isPermanent: true, status: 409, title: 'Archive Folder Missing' });
    expect(describeFailure('unarchive', new ProviderError('not_found', '404'), 1)).toMatchObject({
      isPermanent: true,
      title: 'Move to Inbox Failed',
    });
    expect(describeFailure('unread', new ProviderError('invalid_grant', 'revoked'), 1)).toMatchObject({
      isPermanent: true,
      title: 'Update Failed',
    });
  });

  it('backs off 1, 2, 4 … 15 s, or as long as the provider asked (at most an hour)', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempts) => retryDelaySeconds(attempts))).toEqual([1, 2, 4, 8, 15, 15]);
    expect(retryDelaySeconds(1, 90)).toBe(90);
    expect(retryDelaySeconds(5, 3)).toBe(15);
    expect(retryDelaySeconds(1, 99_999)).toBe(3600);
    const throttled = new ProviderError('throttled', '429', 429, null, 120_000);
    expect(describeFailure('archive', throttled, 1).retryAfterSeconds).toBe(120);
  });
});

describe('choosing the changes of a round', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const change = (id: string, itemId: string | null, dueInSeconds = 0): OpenChange => ({
    id,
    itemId,
    messageId: `m-${itemId ?? id}`,
    operation: 'archive',
    state: 'pending',
    attempts: 0,
    notBefore: new Date(now.getTime() + dueInSeconds * 1000),
    previous: null,
  });

  it('takes each message oldest change only, and holds back a message whose oldest change is not due', () => {
    const picked = pickChanges(
      [
        change('1', 'a'),
        change('2', 'b', 30),
        change('3', 'a'),
        change('4', 'b'),
        change('5', 'c'),
        change('6', null),
      ],
      now,
    );
    expect(picked.map((entry) => entry.id)).toEqual(['1', '5', '6']);
  });
});
