import type { TriageItem, TriageItemMetadata, TriageStatus } from '../entities';
import { isArchivedFolderState } from './view-criteria';

export type TriageAction =
  | 'later'
  | 'low_priority'
  | 'clear'
  | 'move_to_inbox'
  | 'mark_read'
  | 'mark_unread'
  | 'toggle_read';

export const TRIAGE_ACTIONS: readonly TriageAction[] = [
  'later',
  'low_priority',
  'clear',
  'move_to_inbox',
  'mark_read',
  'mark_unread',
  'toggle_read',
];

export type TriageItemPatch = { status?: TriageStatus; isRead?: boolean; metadata?: TriageItemMetadata };

type ActionTarget = Pick<TriageItem, 'isRead' | 'metadata'>;

/** The item patch an action makes (spec §4); metadata patches are the whole new metadata object. */
export function applyAction(item: ActionTarget, action: TriageAction): TriageItemPatch {
  switch (action) {
    case 'later':
      return { status: 'later' };
    case 'low_priority':
      return { status: 'low_priority' };
    case 'clear':
      return { status: 'cleared', metadata: { ...item.metadata, exchange_folder_state: 'archive' } };
    case 'move_to_inbox': {
      const { exchange_folder_state: folderState, ...rest } = item.metadata ?? {};
      return {
        status: 'inbox',
        metadata: isArchivedFolderState(folderState) ? rest : { ...item.metadata },
      };
    }
    case 'mark_read':
      return { isRead: true };
    case 'mark_unread':
      return { isRead: false };
    case 'toggle_read':
      return { isRead: !item.isRead };
  }
}

export type MailboxOperation = 'archive' | 'unarchive' | 'read';

export type MailboxSync = {
  operation: MailboxOperation | null;
  /** True when the action touches the mailbox but the item lacks a message id or integration id. */
  isLocalOnly: boolean;
};

function mailboxOperationFor(action: TriageAction): MailboxOperation | null {
  switch (action) {
    case 'clear':
      return 'archive';
    case 'move_to_inbox':
      return 'unarchive';
    case 'mark_read':
    case 'mark_unread':
    case 'toggle_read':
      return 'read';
    default:
      return null;
  }
}

/** Which mailbox change an action needs, and whether it must stay local because the item has no mailbox ids. */
export function needsMailboxSync(
  action: TriageAction,
  item: Pick<TriageItem, 'emailMessageId' | 'emailIntegrationId'>,
): MailboxSync {
  const operation = mailboxOperationFor(action);
  const hasIds = Boolean(item.emailMessageId && item.emailIntegrationId);
  return { operation: hasIds ? operation : null, isLocalOnly: operation !== null && !hasIds };
}

/** Texts of a clear that could only be done locally (no message id or integration id). */
export const CLEARED_LOCALLY = {
  title: 'Item Cleared',
  description:
    'This item was cleared locally only: it is not linked to a mailbox message, so nothing was archived in your mailbox.',
} as const;

/** Texts of a move to inbox that could only be done locally. */
export const MOVED_TO_INBOX_LOCALLY = {
  title: 'Moved to Inbox',
  description:
    'This item was moved back to your inbox locally only: it is not linked to a mailbox message, so nothing changed in your mailbox.',
} as const;
