import { describe, expect, it } from 'vitest';
import { applyAction, needsMailboxSync } from './apply-action';
import { testItem } from './test-item';

describe('applyAction', () => {
  it('moves to Later and Low Priority by status', () => {
    expect(applyAction(testItem(), 'later')).toEqual({ status: 'later' });
    expect(applyAction(testItem(), 'low_priority')).toEqual({ status: 'low_priority' });
  });

  it('clears: status cleared and folder state archive, keeping other metadata', () => {
    expect(applyAction(testItem({ metadata: { assignee: 'Dana' } }), 'clear')).toEqual({
      status: 'cleared',
      metadata: { assignee: 'Dana', exchange_folder_state: 'archive' },
    });
  });

  it('moves to inbox: status inbox and the archive folder state removed', () => {
    const cleared = testItem({
      status: 'cleared',
      metadata: { exchange_folder_state: 'archive', assignee: 'Dana' },
    });
    expect(applyAction(cleared, 'move_to_inbox')).toEqual({
      status: 'inbox',
      metadata: { assignee: 'Dana' },
    });
  });

  it('keeps a non-archive folder state when moving to inbox', () => {
    const deleted = testItem({ metadata: { exchange_folder_state: 'deleted' } });
    expect(applyAction(deleted, 'move_to_inbox').metadata).toEqual({ exchange_folder_state: 'deleted' });
  });

  it('marks read, unread, and toggles', () => {
    expect(applyAction(testItem({ isRead: false }), 'mark_read')).toEqual({ isRead: true });
    expect(applyAction(testItem({ isRead: true }), 'mark_unread')).toEqual({ isRead: false });
    expect(applyAction(testItem({ isRead: true }), 'toggle_read')).toEqual({ isRead: false });
    expect(applyAction(testItem({ isRead: false }), 'toggle_read')).toEqual({ isRead: true });
  });

  it('does not mutate the item', () => {
    const item = testItem({ metadata: { exchange_folder_state: 'archive' } });
    applyAction(item, 'move_to_inbox');
    applyAction(item, 'clear');
    expect(item.metadata).toEqual({ exchange_folder_state: 'archive' });
  });
});

describe('needsMailboxSync', () => {
  const linked = testItem({ emailMessageId: 'm', emailIntegrationId: 'i' });

  it('archives on clear, unarchives on move to inbox, syncs read state', () => {
    expect(needsMailboxSync('clear', linked)).toEqual({ operation: 'archive', isLocalOnly: false });
    expect(needsMailboxSync('move_to_inbox', linked)).toEqual({ operation: 'unarchive', isLocalOnly: false });
    expect(needsMailboxSync('toggle_read', linked)).toEqual({ operation: 'read', isLocalOnly: false });
  });

  it('needs nothing for Later and Low Priority', () => {
    expect(needsMailboxSync('later', linked)).toEqual({ operation: null, isLocalOnly: false });
    expect(needsMailboxSync('low_priority', linked)).toEqual({ operation: null, isLocalOnly: false });
  });

  it('is local only when the message id or the integration id is missing', () => {
    expect(needsMailboxSync('clear', testItem({ emailMessageId: null }))).toEqual({
      operation: null,
      isLocalOnly: true,
    });
    expect(needsMailboxSync('move_to_inbox', testItem({ emailIntegrationId: null })).isLocalOnly).toBe(true);
    expect(needsMailboxSync('later', testItem({ emailIntegrationId: null })).isLocalOnly).toBe(false);
  });
});
