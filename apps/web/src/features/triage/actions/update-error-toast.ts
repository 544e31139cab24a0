import { ARCHIVE_ERRORS, classifyArchiveError } from '@ledgerdesk/domain/mail/archive-errors';
import { MOVE_TO_INBOX_FAILED_TITLE } from '@ledgerdesk/domain/mail/unarchive-errors';
import type { TriageAction } from '@ledgerdesk/domain/triage/apply-action';
import { itemUpdateErrorMessage } from '@ledgerdesk/domain/triage/item-update-messages';
import { ApiError } from '../../../lib/api-client';

type Toast = { title: string; description: string };
/** What the toast needs of a failure: the server's code (if any) and its message. */
type Failure = { code: string; message: string; isMailboxRefusal: boolean };

/** Codes the server uses for "this item is not yours" (row-level security, or an id it cannot see). */
const PERMISSION_CODES = new Set(['permission_denied', 'not_found']);

/** The mailbox's own failure text, titled per action (spec §8 "Archive, unarchive, send"). */
const MAILBOX_REFUSAL_TOAST: Partial<Record<TriageAction, (failure: Failure) => Toast>> = {
  clear: ({ code, message }) => {
    const known =
      ARCHIVE_ERRORS[
        code in ARCHIVE_ERRORS
          ? (code as keyof typeof ARCHIVE_ERRORS)
          : classifyArchiveError(`${code} ${message}`)
      ];
    return { title: known.title, description: message || known.description };
  },
  move_to_inbox: ({ message }) => ({ title: MOVE_TO_INBOX_FAILED_TITLE, description: message }),
};

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) {
    return { code: error.code, message: error.message, isMailboxRefusal: error.status > 400 };
  }
  return { code: '', message: error instanceof Error ? error.message : '', isMailboxRefusal: false };
}

/**
 * The toast of a refused update (spec §8). Refusals of the item itself (row-level security, an id the caller
 * cannot see, a check constraint) use the item-update texts ("Update Failed" / "Bulk Update Failed"); a mailbox
 * refusal keeps the server's §8 text, under the archive titles for a clear and "Move to Inbox Failed" for a
 * move back. Read-state failures are item updates: "Update Failed" with the server's text.
 */
export function updateErrorToast(error: unknown, action: TriageAction, isBulk: boolean): Toast {
  return failureToast(failureOf(error), action, isBulk);
}

/** The same toast for one failed id of a bulk answer (`{code, message}` without an HTTP status). */
export function bulkFailureToast(failure: { code: string; message: string }, action: TriageAction): Toast {
  return failureToast({ ...failure, isMailboxRefusal: true }, action, true);
}

function failureToast(failure: Failure, action: TriageAction, isBulk: boolean): Toast {
  if (PERMISSION_CODES.has(failure.code)) return itemUpdateErrorMessage('permission', isBulk);
  if (failure.code === 'invalid_data') return itemUpdateErrorMessage('invalid_data', isBulk);
  const mailboxToast = MAILBOX_REFUSAL_TOAST[action];
  if (mailboxToast && failure.isMailboxRefusal) return mailboxToast(failure);
  return itemUpdateErrorMessage('other', isBulk, failure.message);
}
