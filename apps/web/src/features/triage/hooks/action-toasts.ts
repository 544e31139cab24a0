import { EMAIL_ARCHIVED } from '@ledgerdesk/domain/mail/archive-errors';
import { EMAIL_MOVED_TO_INBOX } from '@ledgerdesk/domain/mail/unarchive-errors';
import { bulkCompleteMessage } from '@ledgerdesk/domain/triage/bulk-messages';
import { toast } from '../../../lib/toast';
import { bulkFailureToast, updateErrorToast } from '../utils/update-error-toast';
import type { ActionRequest, ActionResult } from './use-triage-actions';

/** The failure toast of an action (red). */
export function showActionError(error: unknown, request: ActionRequest) {
  const { title, description } = updateErrorToast(error, request.action, request.items.length > 1);
  toast.error(title, { description });
}

/**
 * Success toasts only where they add something (DESIGN.md): the bulk summary, an archive with Undo, a move
 * back to the Inbox, a local-only notice from the server, and the failures of a partly refused bulk update.
 */
export function showActionSuccess(
  result: ActionResult,
  request: ActionRequest,
  run: (request: ActionRequest) => void,
) {
  const mailbox = result.single?.mailbox;
  const notice = result.single?.notice ?? result.bulk?.notice ?? null;
  const failures = result.bulk?.failed ?? [];
  const saved = result.single ? [result.single.item] : (result.bulk?.items ?? []);
  const undo =
    request.action === 'clear' && saved.length > 0
      ? {
          label: 'Undo',
          onClick: () => run({ items: saved, action: 'move_to_inbox', source: 'undo' }),
        }
      : undefined;

  if (failures.length > 0) {
    const [first] = failures;
    const { title, description } = bulkFailureToast(first ?? { code: '', message: '' }, request.action);
    toast.error(title, { description });
  }
  if (request.source === 'bulk') {
    const count = result.bulk?.updated ?? saved.length;
    if (count > 0)
      toast.success(bulkCompleteMessage(request.action, count).title, {
        description: bulkCompleteMessage(request.action, count).description,
        action: undo,
      });
    if (notice) toast.info(notice.title, { description: notice.description });
    return;
  }
  if (notice) {
    toast.info(notice.title, { description: notice.description, action: undo });
    return;
  }
  if (request.source === 'open' || (request.source === 'undo' && request.action !== 'move_to_inbox')) return;
  if (request.action === 'clear' && (mailbox === 'archived' || result.bulk)) {
    toast.success(EMAIL_ARCHIVED.title, { description: EMAIL_ARCHIVED.description, action: undo });
  } else if (request.action === 'move_to_inbox' && (mailbox === 'unarchived' || result.bulk)) {
    toast.success(EMAIL_MOVED_TO_INBOX.title, { description: EMAIL_MOVED_TO_INBOX.description });
  }
}
