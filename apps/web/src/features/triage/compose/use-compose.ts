import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { canReply, REPLY_NOT_AVAILABLE } from '@ledgerdesk/domain/triage/validate-compose';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { type ComposeDraft, newDraft, type ReplyRequest, replyDraft } from './compose-draft';
import { hasUndoneDraft, keepUndoneDraft, takeUndoneDraft } from './undone-draft';

/** Said when Undo send takes a message back while the triage screen is not open. */
const UNDONE_ELSEWHERE = {
  title: 'Email Not Sent',
  description: 'Your message is waiting in the compose dialog: open Triage to finish it.',
};
/** Said when Undo send takes a message back while another one is being written. */
const UNDONE_WHILE_COMPOSING = {
  title: 'Email Not Sent',
  description: 'Your message opens in the compose dialog when you close this one.',
};

type ComposeState = { isOpen: boolean; draft: ComposeDraft; hasOpened: boolean };

/** The compose dialog's state: a new mail, or a reply drafted from the thread. */
export function useCompose(integrations: readonly EmailIntegrationDto[]) {
  const [state, setState] = useState<ComposeState>({ isOpen: false, draft: newDraft(), hasOpened: false });

  const openNew = useCallback(() => setState({ isOpen: true, draft: newDraft(), hasOpened: true }), []);
  const openReply = useCallback(
    (request: ReplyRequest) => {
      // Spec §5: reply needs both the message id and the integration id.
      if (!canReply(request.item)) {
        toast.error(REPLY_NOT_AVAILABLE.title, { description: REPLY_NOT_AVAILABLE.description });
        return;
      }
      const ownMailbox =
        integrations.find((integration) => integration.id === request.item.emailIntegrationId)
          ?.emailAddress ?? null;
      setState({ isOpen: true, draft: replyDraft(request, ownMailbox), hasOpened: true });
    },
    [integrations],
  );
  const isMounted = useRef(false);
  const isOpen = useRef(state.isOpen);
  isOpen.current = state.isOpen;
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  // A message Undo send took back while this screen was away, or while the dialog held another message, opens
  // once the dialog is free and the mailboxes are known.
  useEffect(() => {
    if (state.isOpen || integrations.length === 0 || !hasUndoneDraft()) return;
    const draft = takeUndoneDraft(integrations.map((integration) => integration.id));
    if (draft) setState({ isOpen: true, draft, hasOpened: true });
  }, [integrations, state.isOpen]);

  /** Opens a given draft as it is (a message Undo send took back), now or as soon as it can. */
  const openDraft = useCallback((draft: ComposeDraft) => {
    if (isMounted.current && !isOpen.current) {
      setState({ isOpen: true, draft, hasOpened: true });
      return;
    }
    keepUndoneDraft(draft);
    const message = isMounted.current ? UNDONE_WHILE_COMPOSING : UNDONE_ELSEWHERE;
    toast.info(message.title, { description: message.description });
  }, []);
  const close = useCallback(() => setState((current) => ({ ...current, isOpen: false })), []);

  return { ...state, openNew, openReply, openDraft, close };
}
