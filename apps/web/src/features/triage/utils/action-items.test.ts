import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import { itemsForAction, patchForAction, resolveToggleRead } from './action-items';

const newest = testItem({ id: 'n', isRead: true });
const older = testItem({ id: 'o', isRead: false });
const group = { emails: [newest, older], latestEmail: newest } as Pick<
  ThreadGroupDto,
  'emails' | 'latestEmail'
>;

describe('thread actions', () => {
  it('marks read only the unread items of a thread', () => {
    expect(itemsForAction(group, 'mark_read').map((item) => item.id)).toEqual(['o']);
  });

  it('marks unread only the newest item, and nothing when it already is unread', () => {
    expect(itemsForAction(group, 'mark_unread').map((item) => item.id)).toEqual(['n']);
    expect(itemsForAction({ emails: [older], latestEmail: older }, 'mark_unread')).toEqual([]);
  });

  it('changes the status of every item of the thread', () => {
    expect(itemsForAction(group, 'clear')).toHaveLength(2);
  });

  it('sends the status patch the server archives or restores from', () => {
    expect(patchForAction('clear')).toEqual({ status: 'cleared' });
    expect(patchForAction('move_to_inbox')).toEqual({ status: 'inbox' });
    expect(patchForAction('mark_unread')).toEqual({ isRead: false });
  });

  it('toggles to read while anything is unread, else to unread', () => {
    expect(resolveToggleRead({ unreadCount: 2 })).toBe('mark_read');
    expect(resolveToggleRead({ unreadCount: 0 })).toBe('mark_unread');
  });
});
