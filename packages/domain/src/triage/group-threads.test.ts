import { describe, expect, it } from 'vitest';
import { groupIntoThreads, threadKey } from './group-threads';
import { testItem } from './test-item';

describe('threadKey', () => {
  it('uses the email thread id', () => {
    expect(threadKey({ id: 'i1', emailThreadId: 't1' })).toBe('t1');
  });

  it('falls back to "single-" plus the item id', () => {
    expect(threadKey({ id: 'i1', emailThreadId: null })).toBe('single-i1');
    expect(threadKey({ id: 'i2', emailThreadId: '' })).toBe('single-i2');
  });
});

describe('groupIntoThreads', () => {
  const a1 = testItem({ id: 'a1', emailThreadId: 'A', time: '2024-05-01T09:00:00Z', fromAddress: 'x@a.com' });
  const a2 = testItem({
    id: 'a2',
    emailThreadId: 'A',
    time: '2024-05-03T09:00:00Z',
    fromAddress: 'y@a.com',
    isRead: true,
    subject: 'Re: Quarterly figures',
  });
  const a3 = testItem({ id: 'a3', emailThreadId: 'A', time: '2024-05-02T09:00:00Z', fromAddress: 'x@a.com' });
  const b1 = testItem({ id: 'b1', emailThreadId: 'B', time: '2024-05-04T09:00:00Z' });
  const s1 = testItem({ id: 's1', emailThreadId: null, time: '2024-04-30T09:00:00Z' });

  const groups = groupIntoThreads([a1, s1, a2, b1, a3]);

  it('groups by thread id and gives a thread-less item its own group', () => {
    expect(groups.map((group) => group.id)).toEqual(['B', 'A', 'single-s1']);
  });

  it('sorts groups by latest activity, newest first', () => {
    expect(groups.map((group) => group.lastActivity)).toEqual([
      '2024-05-04T09:00:00Z',
      '2024-05-03T09:00:00Z',
      '2024-04-30T09:00:00Z',
    ]);
  });

  it('orders emails newest first and takes the latest email and its subject', () => {
    const thread = groups[1]!;
    expect(thread.emails.map((email) => email.id)).toEqual(['a2', 'a3', 'a1']);
    expect(thread.latestEmail.id).toBe('a2');
    expect(thread.subject).toBe('Re: Quarterly figures');
  });

  it('lists distinct sender strings as participants', () => {
    expect(groups[1]!.participants).toEqual(['y@a.com', 'x@a.com']);
  });

  it('counts unread emails and flags multi-email groups as threads', () => {
    expect(groups[1]!.unreadCount).toBe(2);
    expect(groups[1]!.isThread).toBe(true);
    expect(groups[0]!.isThread).toBe(false);
  });

  it('marks the group holding the selected item', () => {
    const selected = groupIntoThreads([a1, a2, b1], 'a1');
    expect(selected.map((group) => group.isSelected)).toEqual([false, true]);
  });

  it('returns no groups for no items', () => {
    expect(groupIntoThreads([])).toEqual([]);
  });

  it('keeps a stable order for equal times', () => {
    const x = testItem({ id: 'x', emailThreadId: null, time: '2024-05-01T00:00:00Z' });
    const y = testItem({ id: 'y', emailThreadId: null, time: '2024-05-01T00:00:00Z' });
    expect(groupIntoThreads([y, x]).map((group) => group.id)).toEqual(['single-x', 'single-y']);
  });

  it('compares times across offsets, not as text', () => {
    const early = testItem({ id: 'e', emailThreadId: null, time: '2024-05-01T10:00:00+02:00' });
    const late = testItem({ id: 'l', emailThreadId: null, time: '2024-05-01T09:30:00Z' });
    expect(groupIntoThreads([early, late]).map((group) => group.id)).toEqual(['single-l', 'single-e']);
  });
});
