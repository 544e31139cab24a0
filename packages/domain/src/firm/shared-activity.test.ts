import { describe, expect, it } from 'vitest';
import {
  isSharedActivity,
  recordsSharedActivity,
  sharedActionOf,
  sharedActivityLabel,
} from './shared-activity';

describe('shared activity', () => {
  it('names what a patch did', () => {
    expect(sharedActionOf({ status: 'cleared' })).toBe('cleared');
    expect(sharedActionOf({ status: 'inbox', isRead: false })).toBe('moved_to_inbox');
    expect(sharedActionOf({ isRead: true })).toBe('read');
    expect(sharedActionOf({ isRead: false })).toBe('unread');
    expect(sharedActionOf({ status: 'low_priority' })).toBe('updated');
  });

  it('keeps the last deliberate action when a thread is only opened (marked read)', () => {
    expect(recordsSharedActivity({ isRead: true })).toBe(false);
    expect(recordsSharedActivity({ isRead: false })).toBe(true);
    expect(recordsSharedActivity({ status: 'cleared', isRead: true })).toBe(true);
  });

  it('reads "Cleared by Sam, 10:42"', () => {
    const activity = {
      action: 'cleared',
      by_user_id: 'u1',
      by_name: 'Sam',
      at: '2026-11-23T10:42:00.000Z',
    } as const;
    expect(isSharedActivity(activity)).toBe(true);
    expect(sharedActivityLabel(activity, 'UTC')).toBe('Cleared by Sam, 10:42');
    expect(isSharedActivity({ action: 'hacked', by_name: 'x', at: 'now' })).toBe(false);
  });
});
