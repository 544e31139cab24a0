import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { canReply, REPLY_NOT_AVAILABLE } from '@ledgerdesk/domain/triage/validate-compose';
import { useCallback, useState } from 'react';
import { toast } from '../../../lib/toast';
import { type ComposeDraft, newDraft, type ReplyRequest, replyDraft } from '../utils/compose-draft';

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
  const close = useCallback(() => setState((current) => ({ ...current, isOpen: false })), []);

  return { ...state, openNew, openReply, close };
}
