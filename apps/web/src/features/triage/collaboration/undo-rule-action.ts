import type { UndoActionResponse } from '@ledgerdesk/domain/api/triage';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { triageKeys } from '../triage-keys';
import { errorText } from './error-text';

/**
 * Undo of a rule's action from the thread's history (decision 025): the same POST /api/triage/actions/:id/undo as a
 * person's, and every triage query (the lists, this thread's history) refetches.
 */
export function useUndoRuleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) => api<UndoActionResponse>(TRIAGE_API.undo(actionId), { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: triageKeys.all });
      toast.success('Undone');
    },
    onError: (error) => toast.error('Could not undo', { description: errorText(error) }),
  });
}
