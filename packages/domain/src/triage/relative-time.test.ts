import { describe, expect, it } from 'vitest';
import { formatRelativeTime, formatTimeAgo } from './relative-time';

const now = new Date('2024-05-10T12:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2024-05-10T11:59:30Z', 'less than a minute ago'],
    ['2024-05-10T11:59:00Z', '1 minute ago'],
    ['2024-05-10T11:15:00Z', '45 minutes ago'],
    ['2024-05-10T09:00:00Z', '3 hours ago'],
    ['2024-05-09T12:00:00Z', '1 day ago'],
    ['2024-04-01T12:00:00Z', '1 month ago'],
    ['2022-05-10T12:00:00Z', '2 years ago'],
  ])('formats %s as "%s"', (iso, text) => {
    expect(formatRelativeTime(iso, now)).toBe(text);
  });

  it('reads future times as "in x"', () => {
    expect(formatRelativeTime('2024-05-10T14:00:00Z', now)).toBe('in 2 hours');
  });

  it('accepts a Date and is empty for an invalid time', () => {
    expect(formatRelativeTime(new Date('2024-05-10T11:00:00Z'), now)).toBe('1 hour ago');
    expect(formatRelativeTime('nonsense', now)).toBe('');
  });
});

describe('formatTimeAgo', () => {
  it('reads a time ahead of the clock (a comment just posted) as now, never as future', () => {
    expect(formatTimeAgo('2024-05-10T12:00:02Z', now)).toBe('less than a minute ago');
    expect(formatTimeAgo('2024-05-10T14:00:00Z', now)).toBe('less than a minute ago');
  });

  it('reads past times as formatRelativeTime does, and is empty for an invalid time', () => {
    expect(formatTimeAgo('2024-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo(new Date('2024-05-10T11:00:00Z'), now)).toBe('1 hour ago');
    expect(formatTimeAgo('nonsense', now)).toBe('');
  });
});
