import { describe, expect, it } from 'vitest';
import {
  attachmentSizeKb,
  attachmentSizeLabel,
  attachmentsHeading,
  canReplyToEmail,
  initialExpandedEmailId,
} from './email-row';

describe('attachment size', () => {
  it('is size/1024 rounded', () => {
    expect(attachmentSizeKb(1536)).toBe(2);
    expect(attachmentSizeKb(1535)).toBe(1);
    expect(attachmentSizeKb(100)).toBe(0);
    expect(attachmentSizeLabel(20480)).toBe('20 KB');
  });

  it('heads the list with the count', () => {
    expect(attachmentsHeading(3)).toBe('Attachments (3)');
  });
});

describe('initialExpandedEmailId', () => {
  const email = (id: string, receivedDateTime: string, isRead: boolean) => ({ id, receivedDateTime, isRead });

  it('expands the newest unread email', () => {
    expect(
      initialExpandedEmailId([
        email('a', '2024-05-01T00:00:00Z', false),
        email('b', '2024-05-03T00:00:00Z', false),
        email('c', '2024-05-04T00:00:00Z', true),
      ]),
    ).toBe('b');
  });

  it('expands the last email when all are read', () => {
    expect(
      initialExpandedEmailId([
        email('a', '2024-05-01T00:00:00Z', true),
        email('b', '2024-05-02T00:00:00Z', true),
      ]),
    ).toBe('b');
  });

  it('is null for no emails', () => {
    expect(initialExpandedEmailId([])).toBeNull();
  });
});

describe('canReplyToEmail', () => {
  it('allows replies only on available emails', () => {
    expect(canReplyToEmail({ status: 'available' })).toBe(true);
    expect(canReplyToEmail({ status: 'archived' })).toBe(false);
  });
});
