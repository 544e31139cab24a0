// Fixed texts of the triage page (spec §2), kept here so the web app and the browser journeys share them.

export const SEARCH_PLACEHOLDER = 'Search items...';
export const FILTERS_PLACEHOLDER = 'Additional filters will be implemented here';
export const EMPTY_DETAIL_TITLE = 'Select an item to view the thread';
export const EMPTY_DETAIL_DESCRIPTION = 'Thread details will appear here';
export const LOADING_ITEMS_TEXT = 'Loading your triage items...';
export const NO_ITEMS_FOUND_TITLE = 'No items found';
export const NO_ITEMS_FOUND_DESCRIPTION = 'Try adjusting your filters';
export const MOVE_TO_INBOX_LABEL = 'Move to Inbox';
export const MOVING_LABEL = 'Moving...';
export const SHOW_LESS_LABEL = 'Show less';
export const LIST_PANEL_ID = 'triage-list-panel';
export const DETAIL_PANEL_ID = 'thread-detail-panel';

/** "No items in {page}", e.g. "No items in Later". */
export function noItemsInPage(pageTitle: string): string {
  return `No items in ${pageTitle}`;
}

/** "+N" after the first avatars when a group has more participants than are shown. */
export function extraAvatarsLabel(participantCount: number, shown: number): string | null {
  const extra = participantCount - shown;
  return extra > 0 ? `+${extra}` : null;
}
