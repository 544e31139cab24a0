import type { UndoActionResponse } from '@ledgerdesk/domain/api/triage';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';
import { showUndoError, showUndone } from './action-toasts';

/** POST /api/triage/actions/:id/undo: the items as they were before the action (decision 010). */
export function undoAction(actionId: string): Promise<UndoActionResponse> {
  return api<UndoActionResponse>(TRIAGE_API.undo(actionId), { method: 'POST' });
}

/** Undoes the actions one after another (a bulk update sent in chunks has one per chunk); how many came back. */
export async function undoActions(actionIds: readonly string[]): Promise<number> {
  let undone = 0;
  for (const actionId of actionIds) undone += (await undoAction(actionId)).undone;
  return undone;
}

/**
 * Undo (toast button or `z`): the server puts the items back and cancels or reverses their mailbox changes;
 * every triage query refetches to show them where they were.
 */
export function useUndoActions() {
  const queryClient = useQueryClient();
  return useMutation<number, Error, string[]>({
    mutationFn: undoActions,
    onSuccess: (undone) => {
      void queryClient.invalidateQueries({ queryKey: triageKeys.all });
      showUndone(undone);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: triageKeys.all });
      showUndoError(error);
    },
  });
}
