import { EMAIL_ARCHIVED } from '@ledgerdesk/domain/mail/archive-errors';
import { EMAIL_MOVED_TO_INBOX } from '@ledgerdesk/domain/mail/unarchive-errors';
import { bulkCompleteMessage } from '@ledgerdesk/domain/triage/bulk-messages';
import { countNoun } from '@ledgerdesk/domain/triage/count-noun';
import { itemsUpdatedMessage } from '@ledgerdesk/domain/triage/item-update-messages';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { readUndoSeconds } from '../../../lib/undo-window';
import type { ActionRequest, ActionResult } from '../types/action-types';
import type { ListAction } from '../utils/action-items';
import { offerUndo, withdrawUndo } from './undo-offer';
import { bulkFailureToast, updateErrorToast } from './update-error-toast';

/** Actions whose toast offers Undo (decision 010); every bulk action does too. */
const UNDOABLE: ReadonlySet<ListAction> = new Set(['clear', 'later', 'low_priority', 'move_to_inbox']);

/**
 * Whether an action offers Undo: the undoable actions and every bulk one, not an open's mark-read, and only
 * while the stored undo window (profile) is not "Off".
 */
export function mayOfferUndo(request: ActionRequest): boolean {
  if (request.source === 'open') return false;
  return readUndoSeconds() > 0 && (request.source === 'bulk' || UNDOABLE.has(request.action));
}

/** The failure toast of an action (red). */
export function showActionError(error: unknown, request: ActionRequest) {
  const { title, description } = updateErrorToast(error, request.action, request.items.length > 1);
  toast.error(title, { description });
}

/**
 * The toasts of a saved action: the bulk summary, "Email Archived", "Email Moved to Inbox", "Items Updated"
 * for Later and Low Priority, or the server's local-only notice; each carries Undo for the stored undo window
 * (`lib/undo-window.ts`, 5 s by default, set on the profile), which `z` runs as well. Marking read or unread
 * stays quiet.
 */
export function showActionSuccess(result: ActionResult, request: ActionRequest, runUndo: () => void) {
  const mailbox = result.single?.mailbox;
  const notice = result.single?.notice ?? result.bulk?.notice ?? null;
  const failures = result.bulk?.failed ?? [];
  const saved = result.single ? [result.single.item] : (result.bulk?.items ?? []);
  const isBulk = request.source === 'bulk';
  const seconds = readUndoSeconds();
  const canUndo = saved.length > 0 && mayOfferUndo(request);
  const undo = canUndo
    ? {
        label: 'Undo',
        onClick: () => {
          withdrawUndo(runUndo);
          runUndo();
        },
      }
    : undefined;
  if (canUndo) offerUndo(runUndo, seconds);
  const options = canUndo ? { action: undo, duration: seconds * 1000 } : {};

  if (failures.length > 0) {
    const [first] = failures;
    const { title, description } = bulkFailureToast(first ?? { code: '', message: '' }, request.action);
    toast.error(title, { description });
  }
  if (isBulk) {
    const count = result.bulk?.updated ?? saved.length;
    if (count > 0)
      toast.success(bulkCompleteMessage(request.action, count).title, {
        description: bulkCompleteMessage(request.action, count).description,
        ...options,
      });
    if (notice) toast.info(notice.title, { description: notice.description });
    return;
  }
  if (notice) {
    toast.info(notice.title, { description: notice.description, ...options });
    return;
  }
  if (request.source === 'open') return;
  if (request.action === 'clear' && (mailbox === 'archived' || result.bulk)) {
    toast.success(EMAIL_ARCHIVED.title, { description: EMAIL_ARCHIVED.description, ...options });
  } else if (request.action === 'move_to_inbox') {
    toast.success(EMAIL_MOVED_TO_INBOX.title, { description: EMAIL_MOVED_TO_INBOX.description, ...options });
  } else if (canUndo) {
    const { title, description } = itemsUpdatedMessage(saved.length);
    toast.success(title, { description, ...options });
  }
}

/** After Undo: the items are back where they were. */
export function showUndone(count: number) {
  toast.success('Undone', {
    description: `${countNoun(count, 'item')} back where ${count === 1 ? 'it was' : 'they were'}.`,
  });
}

export function showUndoError(error: unknown) {
  const description =
    error instanceof ApiError ? error.message : 'Could not undo this action. Please try again.';
  toast.error('Undo Failed', { description });
}
