import { ARCHIVE_ERRORS, classifyArchiveError } from '@ledgerdesk/domain/mail/archive-errors';
import { MOVE_TO_INBOX_FAILED_TITLE } from '@ledgerdesk/domain/mail/unarchive-errors';
import type { TriageAction } from '@ledgerdesk/domain/triage/apply-action';
import { itemUpdateErrorMessage } from '@ledgerdesk/domain/triage/item-update-messages';
import { ApiError } from '../../../lib/api-client';

/**
 * The toast of a refused update (spec §8): row-level security and check-constraint refusals use the item-update
 * texts ("Update Failed" / "Bulk Update Failed"); a mailbox refusal of a clear or a move keeps the provider's
 * text under its own title.
 */
export function updateErrorToast(
  error: unknown,
  action: TriageAction,
  isBulk: boolean,
): { title: string; description: string } {
  const message = error instanceof Error ? error.message : '';
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'permission_denied' || (error instanceof ApiError && error.status === 404)) {
    return itemUpdateErrorMessage('permission', isBulk);
  }
  if (code === 'invalid_data') return itemUpdateErrorMessage('invalid_data', isBulk);
  if (error instanceof ApiError && error.status === 403) return itemUpdateErrorMessage('permission', isBulk);
  const isMailboxRefusal = error instanceof ApiError && error.status >= 400 && error.status !== 400;
  if (action === 'clear' && isMailboxRefusal) {
    const known = ARCHIVE_ERRORS[classifyArchiveError(`${code} ${message}`)];
    return { title: known.title, description: message || known.description };
  }
  if (action === 'move_to_inbox' && isMailboxRefusal) {
    return { title: MOVE_TO_INBOX_FAILED_TITLE, description: message };
  }
  return itemUpdateErrorMessage('other', isBulk, message);
}
