import type { ItemPatch, ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import type { TriageAction } from '@ledgerdesk/domain/triage/apply-action';
import type { BulkAction } from '@ledgerdesk/domain/triage/bulk-messages';

export type ListAction = Exclude<TriageAction, 'toggle_read'> & BulkAction;

/** The patch the server receives for an action (it sets the archive folder state itself, spec §4). */
export function patchForAction(action: ListAction): ItemPatch {
  switch (action) {
    case 'later':
      return { status: 'later' };
    case 'low_priority':
      return { status: 'low_priority' };
    case 'clear':
      return { status: 'cleared' };
    case 'move_to_inbox':
      return { status: 'inbox' };
    case 'mark_read':
      return { isRead: true };
    case 'mark_unread':
      return { isRead: false };
  }
}

/** u on a thread: read when anything in it is unread, otherwise unread again. */
export function resolveToggleRead(group: Pick<ThreadGroupDto, 'unreadCount'>): ListAction {
  return group.unreadCount > 0 ? 'mark_read' : 'mark_unread';
}

/**
 * The items of a thread an action touches: marking read covers the unread ones, marking unread only the
 * newest (as mail clients do), and a status change every item of the thread in this list.
 */
export function itemsForAction(
  group: Pick<ThreadGroupDto, 'emails' | 'latestEmail'>,
  action: ListAction,
): TriageItem[] {
  switch (action) {
    case 'mark_read':
      return group.emails.filter((email) => !email.isRead);
    case 'mark_unread':
      return group.latestEmail.isRead ? [group.latestEmail] : [];
    default:
      return group.emails;
  }
}
