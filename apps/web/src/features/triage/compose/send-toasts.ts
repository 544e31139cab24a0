import type { SendEmailResponse } from '@ledgerdesk/domain/api/functions';
import type { UserNotice } from '@ledgerdesk/domain/api/notice-events';
import type { OutgoingMailDto } from '@ledgerdesk/domain/api/outgoing-endpoints';
import { UNDO_SEND_TOO_LATE } from '@ledgerdesk/domain/api/outgoing-endpoints';
import { emailSentMessage } from '@ledgerdesk/domain/mail/send-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cancelOutgoing } from './cancel-outgoing';
import { type ComposeDraft, newDraft } from './compose-draft';

/** Toasts stay up at least this long, so a short window still leaves time to read. */
const MIN_TOAST_MS = 4000;
/** A failure with something to do about it stays longer than the usual toast. */
const FAILURE_TOAST_MS = 10_000;

/** The compose form for a message Undo took back: the server's copy, with what only the form knew. */
export function draftFromOutgoing(mail: OutgoingMailDto, sent: ComposeDraft): ComposeDraft {
  return {
    ...sent,
    mode: mail.replyType,
    to: mail.to.join(', '),
    cc: mail.cc.join(', '),
    subject: mail.subject,
    body: mail.body,
    triageItemId: mail.triageItemId,
    threadId: mail.threadId,
    originalMessageId: mail.originalMessageId,
    integrationId: mail.integrationId,
  };
}

/**
 * "Email Sent" (spec §8). A held message (undo send) carries Undo until it leaves: Undo takes it back from the
 * server and reopens the compose dialog with it; too late, a toast says it was already sent.
 */
export function showEmailSentToast(
  result: SendEmailResponse,
  sent: ComposeDraft,
  reopen: (draft: ComposeDraft) => void,
): void {
  const message = emailSentMessage(result.sentFrom);
  const { outgoingId, sendAt } = result;
  if (!outgoingId || !sendAt) {
    toast.success(message.title, { description: message.description });
    return;
  }
  const windowMs = Math.max(0, Date.parse(sendAt) - Date.now());
  toast.success(message.title, {
    description: message.description,
    duration: Math.max(windowMs, MIN_TOAST_MS),
    action: {
      label: 'Undo',
      onClick: () => {
        takeBack(outgoingId, sent, reopen);
      },
    },
  });
}

/** Cancels a held message and reopens it; too late, or failing, a toast says so. */
function takeBack(outgoingId: string, sent: ComposeDraft, reopen: (draft: ComposeDraft) => void): void {
  cancelOutgoing(outgoingId).then(
    ({ mail }) => reopen(draftFromOutgoing(mail, sent)),
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(UNDO_SEND_TOO_LATE.title, { description: UNDO_SEND_TOO_LATE.description });
      } else {
        toast.error('Undo Failed', {
          description: error instanceof Error ? error.message : 'Please try again.',
        });
      }
    },
  );
}

/**
 * A held message the provider refused for good (a realtime notice): the spec §8 send failure, with Edit to take
 * the message back into the compose dialog and send it again once fixed.
 */
export function showSendFailedToast(notice: UserNotice, reopen: (draft: ComposeDraft) => void): void {
  const { outgoingId } = notice;
  toast.error(notice.title, {
    description: notice.description,
    ...(outgoingId
      ? {
          duration: FAILURE_TOAST_MS,
          action: { label: 'Edit', onClick: () => takeBack(outgoingId, newDraft(), reopen) },
        }
      : {}),
  });
}
