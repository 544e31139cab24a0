import { describe, expect, it } from 'vitest';
import { testItem } from './test-item';
import { matchesTab, TYPE_TABS } from './type-tabs';

describe('TYPE_TABS', () => {
  it('lists the tabs with their labels and fixed sample counts', () => {
    expect(TYPE_TABS.map((tab) => [tab.id, tab.label, tab.sampleCount])).toEqual([
      ['all', 'All', 6],
      ['email', 'Email', 3],
      ['mention', 'Mentions', 2],
      ['notification', 'Notifications', 2],
      ['unread', 'Unread', 4],
    ]);
  });
});

describe('matchesTab', () => {
  it('shows everything under All', () => {
    expect(matchesTab(testItem({ type: 'mention', isRead: true }), 'all')).toBe(true);
  });

  it('filters by item type', () => {
    expect(matchesTab(testItem({ type: 'mention' }), 'mention')).toBe(true);
    expect(matchesTab(testItem({ type: 'mention' }), 'email')).toBe(false);
    expect(matchesTab(testItem({ type: 'notification' }), 'notification')).toBe(true);
  });

  it('shows only unread items under Unread', () => {
    expect(matchesTab(testItem({ isRead: false }), 'unread')).toBe(true);
    expect(matchesTab(testItem({ isRead: true }), 'unread')).toBe(false);
  });
});
