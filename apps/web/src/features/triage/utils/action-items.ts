import type { ItemPatch, ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { applyAction, type TriageAction } from '@ledgerdesk/domain/triage/apply-action';
import type { BulkAction } from '@ledgerdesk/domain/triage/bulk-messages';

export type ListAction = Exclude<TriageAction, 'toggle_read'> & BulkAction;

const ANY_ITEM = { isRead: false, metadata: {} };

/** The patch the server receives for an action (it sets the archive folder state itself, spec §4). */
export function patchForAction(action: ListAction): ItemPatch {
  // The domain's rule, read for its status and read state only: for these actions neither depends on the item.
  const { status, isRead } = applyAction(ANY_ITEM, action);
  return { ...(status ? { status } : {}), ...(isRead === undefined ? {} : { isRead }) };
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
