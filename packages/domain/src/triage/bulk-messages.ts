import { countNoun } from './count-noun';

export type BulkAction = 'clear' | 'mark_read' | 'mark_unread' | 'later' | 'low_priority' | 'move_to_inbox';

export const BULK_ACTION_COMPLETE_TITLE = 'Bulk Action Complete';

const BULK_ACTION_OUTCOMES: Record<BulkAction, string> = {
  clear: 'cleared and archived',
  mark_read: 'marked as read',
  mark_unread: 'marked as unread',
  later: 'moved to Later',
  low_priority: 'marked as low priority',
  move_to_inbox: 'moved to Inbox',
};

/** The toast after a bulk action: "Bulk Action Complete" / "N item(s) cleared and archived" and so on. */
export function bulkCompleteMessage(
  action: BulkAction,
  count: number,
): { title: string; description: string } {
  return {
    title: BULK_ACTION_COMPLETE_TITLE,
    description: `${countNoun(count, 'item')} ${BULK_ACTION_OUTCOMES[action]}`,
  };
}
