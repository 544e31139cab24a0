import type { SharedMailboxDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { COMPOSE_RESET_DELAY_MS } from '@ledgerdesk/domain/constants';
import type { Provider } from '@ledgerdesk/domain/entities';
import { chooseSender } from '@ledgerdesk/domain/integrations/choose-sender';
import { classifySendError, sendErrorMessage } from '@ledgerdesk/domain/mail/send-errors';
import {
  COMPOSE_DIALOG_TITLE,
  parseRecipientList,
  validateCompose,
} from '@ledgerdesk/domain/triage/validate-compose';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useFirm } from '../../../lib/firm-query';
import { useIntegrations } from '../../../lib/integrations-query';
import { toast } from '../../../lib/toast';
import { useUndoSeconds } from '../../../lib/undo-window';
import { useUserTimeZone } from '../actions/use-user-time-zone';
import { useComposeAddons } from './compose-addons';
import { type ComposeDraft, newDraft } from './compose-draft';
import { ComposeFields } from './compose-fields';
import type { FollowUpChoice } from './compose-types';
import { FollowUpPicker, followUpTime, NO_FOLLOW_UP } from './follow-up-picker';
import { useSendEmail } from './send-email';
import { showEmailSentToast } from './send-toasts';

type SenderChoice = { id: string; provider: Provider; isActive: boolean; emailAddress: string };

/**
 * The user's own mailboxes, plus the mailbox shared with their firm that a reply comes from: the server sends it
 * through the owner's connection (decision 012), so a member replies from the shared address.
 */
function withSharedSender(
  own: readonly SenderChoice[],
  shared: readonly SharedMailboxDto[],
  replyMailboxId: string | null,
): SenderChoice[] {
  const mailbox = shared.find((candidate) => candidate.integrationId === replyMailboxId);
  if (!mailbox || own.some((candidate) => candidate.id === mailbox.integrationId)) return [...own];
  const provider: Provider = mailbox.provider === 'gmail' ? 'gmail' : 'office365';
  return [
    ...own,
    { id: mailbox.integrationId, provider, isActive: true, emailAddress: mailbox.emailAddress },
  ];
}

type ComposeDialogProps = {
  isOpen: boolean;
  draft: ComposeDraft;
  onClose: () => void;
  /** Opens the dialog again with a message Undo took back. */
  onReopen: (draft: ComposeDraft) => void;
};

/**
 * "Compose Email" for a new mail, a reply or a reply-all, with every check of spec §5 before sending. With an
 * undo window (profile screen) the server holds the message that long and "Email Sent" offers Undo.
 */
export function ComposeDialog({ isOpen, draft, onClose, onReopen }: ComposeDialogProps) {
  const [form, setForm] = useState(draft);
  const integrations = useIntegrations();
  const send = useSendEmail();
  const isSending = send.isPending;
  const toRef = useRef<HTMLInputElement | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sharedMailboxes = useFirm().data?.firm?.sharedMailboxes;
  const sender = chooseSender(
    withSharedSender(integrations.data ?? [], sharedMailboxes ?? [], form.integrationId),
    form.integrationId,
  );
  const { TemplatePicker } = useComposeAddons();
  const timeZone = useUserTimeZone();
  const [followUp, setFollowUp] = useState<FollowUpChoice>(NO_FOLLOW_UP);
  const [undoSeconds] = useUndoSeconds();

  useEffect(() => {
    clearTimeout(resetTimer.current);
    setForm(draft);
    setFollowUp(NO_FOLLOW_UP);
  }, [draft]);
  useEffect(() => {
    if (isOpen) return;
    resetTimer.current = setTimeout(() => setForm(newDraft()), COMPOSE_RESET_DELAY_MS);
    return () => clearTimeout(resetTimer.current);
  }, [isOpen]);

  function submit() {
    if (isSending) return;
    const problem = validateCompose({
      to: form.to,
      subject: form.subject,
      hasOffice365: sender != null,
      isActive: sender?.isActive ?? false,
    });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const followUpAt = followUpTime(followUp, new Date(), timeZone);
    if (followUp.preset === 'custom' && !followUpAt) {
      toast.error('Choose when to remind you', { description: 'Pick a day and a time for the reminder.' });
      return;
    }
    send.mutate(
      {
        to: parseRecipientList(form.to),
        cc: parseRecipientList(form.cc),
        subject: form.subject.trim(),
        body: form.body,
        triageItemId: form.triageItemId,
        replyType: form.mode,
        threadId: form.threadId,
        originalMessageId: form.originalMessageId,
        integrationId: sender?.id ?? null,
        followUpAt: followUpAt?.toISOString() ?? null,
        ...(undoSeconds > 0 ? { holdSeconds: undoSeconds } : {}),
      },
      {
        onSuccess: (result) => {
          showEmailSentToast(result, form, onReopen);
          onClose();
        },
        onError: (error) => {
          const code = classifySendError(
            error instanceof ApiError ? `${error.code} ${error.message}` : error.message,
          );
          const message = sendErrorMessage(code);
          toast.error(message.title, { description: message.description });
        },
      },
    );
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        // Closing is blocked while sending (spec §4).
        if (!open && !isSending) onClose();
      }}
    >
      <DialogContent
        title={COMPOSE_DIALOG_TITLE}
        className="max-w-2xl"
        onOpenAutoFocus={(event) => {
          // A new mail starts at To; a reply starts at the top of the message, above the quote.
          event.preventDefault();
          if (form.mode === 'new' || !form.to) toRef.current?.focus();
          else {
            bodyRef.current?.focus();
            bodyRef.current?.setSelectionRange(0, 0);
          }
        }}
        onEscapeKeyDown={(event) => {
          if (isSending) event.preventDefault();
        }}
        onPointerDownOutside={(event) => {
          if (isSending) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (isSending) event.preventDefault();
        }}
      >
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              submit();
            }
          }}
        >
          <ComposeFields
            form={form}
            onChange={setForm}
            sender={sender}
            isLoadingSender={integrations.isPending}
            disabled={isSending}
            toRef={toRef}
            bodyRef={bodyRef}
          />
          <div className="flex items-center justify-end gap-2 pt-1">
            <div className="mr-auto flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              {TemplatePicker ? (
                <TemplatePicker
                  mode={form.mode}
                  to={form.to}
                  replyingTo={form.replyingTo}
                  subject={form.subject}
                  body={form.body}
                  bodyRef={bodyRef}
                  disabled={isSending}
                  onInsert={({ subject, body, caret }) => {
                    setForm((current) => ({ ...current, subject, body }));
                    requestAnimationFrame(() => {
                      bodyRef.current?.focus();
                      bodyRef.current?.setSelectionRange(caret, caret);
                    });
                  }}
                />
              ) : null}
              <FollowUpPicker
                value={followUp}
                onChange={setFollowUp}
                timeZone={timeZone}
                disabled={isSending}
              />
              <span className="text-[12px] text-muted">Ctrl + Enter to send</span>
            </div>
            <Button variant="ghost" onClick={onClose} disabled={isSending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={isSending || sender == null}>
              <Send />
              {isSending ? 'Sending...' : 'Send'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
