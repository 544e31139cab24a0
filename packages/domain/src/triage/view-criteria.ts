import type { FolderState, TriageItem, TriageStatus } from '../entities';
import type { TriageView } from './triage-view';

/** Folder states that mean the message sits in the provider's archive. */
export const ARCHIVED_FOLDER_STATES: readonly FolderState[] = ['archive', 'archived'];

/**
 * A declarative view rule a SQL builder can translate:
 * `(status IN statuses [OR folder_state IN ARCHIVED_FOLDER_STATES]) [AND folder_state NOT IN ARCHIVED_FOLDER_STATES]
 *  [AND snoozed_until IS NULL]`. A missing folder state counts as not archived.
 *
 * Decision 009 over spec §4: a snoozed item (status scheduled with a return time) leaves the main view until it
 * returns; a scheduled item without a return time stays in it as the spec says.
 */
export type ViewCriteria = {
  statuses: TriageStatus[];
  includeArchivedFolderState: boolean;
  excludeArchivedFolderState: boolean;
  excludeSnoozed: boolean;
};

const MAIN_VIEW: ViewCriteria = {
  statuses: ['inbox', 'later', 'low_priority', 'scheduled'],
  includeArchivedFolderState: false,
  excludeArchivedFolderState: true,
  excludeSnoozed: true,
};

function byStatus(status: TriageStatus): ViewCriteria {
  return {
    statuses: [status],
    includeArchivedFolderState: false,
    excludeArchivedFolderState: false,
    excludeSnoozed: false,
  };
}

/** The criteria of a view, per spec §4 (the shared view shows the main view's items). */
export function viewCriteria(view: TriageView): ViewCriteria {
  switch (view) {
    case 'inbox':
    case 'shared':
      return { ...MAIN_VIEW, statuses: [...MAIN_VIEW.statuses] };
    case 'cleared':
      return {
        statuses: ['cleared'],
        includeArchivedFolderState: true,
        excludeArchivedFolderState: false,
        excludeSnoozed: false,
      };
    case 'later':
      return byStatus('later');
    case 'low-priority':
      return byStatus('low_priority');
    case 'scheduled':
      return byStatus('scheduled');
    case 'sent':
      return byStatus('sent');
    case 'drafts':
      return byStatus('drafts');
  }
}

/** Whether a folder state (from item metadata) is archive or archived. */
export function isArchivedFolderState(state: FolderState | null | undefined): boolean {
  return state != null && ARCHIVED_FOLDER_STATES.includes(state);
}

/** Whether an item belongs in a view (the in-memory twin of viewCriteria). */
export function isInView(
  item: Pick<TriageItem, 'status' | 'metadata'> & Partial<Pick<TriageItem, 'snoozedUntil'>>,
  view: TriageView,
): boolean {
  const criteria = viewCriteria(view);
  const isArchived = isArchivedFolderState(item.metadata?.exchange_folder_state);
  if (criteria.excludeArchivedFolderState && isArchived) return false;
  if (criteria.excludeSnoozed && item.status === 'scheduled' && item.snoozedUntil) return false;
  return criteria.statuses.includes(item.status) || (criteria.includeArchivedFolderState && isArchived);
}
