import type { ItemPatch, MailboxOutcome, UpdateNotice } from '../api/triage';
import type { TriageItem, TriageItemMetadata, TriageStatus } from '../entities';
import {
  applyAction,
  CLEARED_LOCALLY,
  type MailboxOperation,
  MOVED_TO_INBOX_LOCALLY,
  needsMailboxSync,
} from './apply-action';
import { countNoun } from './count-noun';
import { isArchivedFolderState, viewCriteria } from './view-criteria';

export type UpdatableItem = Pick<
  TriageItem,
  'status' | 'isRead' | 'metadata' | 'emailMessageId' | 'emailIntegrationId'
>;

export type FolderAction = 'clear' | 'move_to_inbox';

export type ItemUpdatePlan = {
  /** The column values to store; metadata is worked out at write time with nextMetadata. */
  write: Omit<ItemPatch, 'metadata'>;
  /** Keys to merge into the stored metadata (null removes a key). */
  metadataPatch: TriageItemMetadata | null;
  /** The folder change the status change implies; it also adjusts the metadata. */
  folderAction: FolderAction | null;
  /** Mailbox operations, in the order to run them (read state first: an archive may renumber the message). */
  mailbox: MailboxOperation[];
  outcome: MailboxOutcome;
  /** A clear or restore that could not reach the mailbox because the item has no mailbox ids. */
  localOnly: FolderAction | null;
};

const MAIN_VIEW_STATUSES: readonly TriageStatus[] = viewCriteria('inbox').statuses;

function isCleared(item: UpdatableItem): boolean {
  return item.status === 'cleared' || isArchivedFolderState(item.metadata?.exchange_folder_state);
}

/** Clear when an item becomes cleared; move to inbox when a cleared item returns to a main-view status. */
function folderActionFor(item: UpdatableItem, status: TriageStatus | undefined): FolderAction | null {
  if (status === undefined) return null;
  if (status === 'cleared') return item.status === 'cleared' ? null : 'clear';
  return isCleared(item) && MAIN_VIEW_STATUSES.includes(status) ? 'move_to_inbox' : null;
}

/**
 * The metadata after an update: the patch merged into the stored object (a null value removes the key), then
 * the folder action's change — clear sets exchange_folder_state 'archive', move to inbox removes an archive
 * state. Keys the client did not name (the sync's own, for instance) are kept.
 */
export function nextMetadata(
  stored: TriageItemMetadata | null | undefined,
  patch: TriageItemMetadata | null | undefined,
  folderAction: FolderAction | null,
): TriageItemMetadata {
  const merged: TriageItemMetadata = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return folderAction
    ? (applyAction({ isRead: false, metadata: merged }, folderAction).metadata ?? merged)
    : merged;
}

/**
 * What an item update stores and which mailbox changes it needs (spec §4): becoming cleared archives the
 * message and sets the archive folder state; a cleared item moved back to inbox/later/low priority/scheduled
 * is unarchived and loses that folder state; a read-state change is mirrored. Without a message id and an
 * integration id the change stays local and the plan says so.
 */
export function planItemUpdate(item: UpdatableItem, patch: ItemPatch): ItemUpdatePlan {
  const write: ItemUpdatePlan['write'] = {};
  if (patch.status !== undefined) write.status = patch.status;
  if (patch.syncPriority !== undefined) write.syncPriority = patch.syncPriority;
  const mailbox: MailboxOperation[] = [];
  let outcome: MailboxOutcome = 'unchanged';
  let localOnly: FolderAction | null = null;

  if (patch.isRead !== undefined) {
    write.isRead = patch.isRead;
    if (patch.isRead !== item.isRead) {
      const sync = needsMailboxSync(patch.isRead ? 'mark_read' : 'mark_unread', item);
      if (sync.operation) {
        mailbox.push(sync.operation);
        outcome = 'read-state-synced';
      } else if (sync.isLocalOnly) outcome = 'local-only';
    }
  }

  const action = folderActionFor(item, patch.status);
  if (action) {
    const alreadyArchived = isArchivedFolderState(item.metadata?.exchange_folder_state);
    const sync = needsMailboxSync(action, item);
    if (action === 'clear' && alreadyArchived) {
      // The message already sits in the mailbox's archive: only the status changes.
    } else if (sync.operation) {
      mailbox.push(sync.operation);
      outcome = action === 'clear' ? 'archived' : 'unarchived';
    } else {
      outcome = 'local-only';
      localOnly = action;
    }
  }
  return { write, metadataPatch: patch.metadata ?? null, folderAction: action, mailbox, outcome, localOnly };
}

/** The notice of a clear or restore done locally only, for one item (the domain's texts) or several. */
export function localOnlyNotice(action: FolderAction, count: number): UpdateNotice {
  const single = action === 'clear' ? CLEARED_LOCALLY : MOVED_TO_INBOX_LOCALLY;
  if (count <= 1) return { title: single.title, description: single.description };
  const description =
    action === 'clear'
      ? `${countNoun(count, 'item')} were cleared locally only: they are not linked to a mailbox message, so nothing was archived in your mailbox.`
      : `${countNoun(count, 'item')} were moved back to your inbox locally only: they are not linked to a mailbox message, so nothing changed in your mailbox.`;
  return { title: single.title, description };
}
