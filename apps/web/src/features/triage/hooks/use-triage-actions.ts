import type { ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { applyAction } from '@ledgerdesk/domain/triage/apply-action';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { triageKeys } from '../api/triage-keys';
import { undoAction } from '../api/undo-action';
import { bulkUpdateItems, type MergedBulkResponse, updateItem } from '../api/update-items';
import type { ActionRequest, ActionResult, ActionSource } from '../types/action-types';
import { type ListAction, patchForAction } from '../utils/action-items';
import { applyEverywhere, type CacheContext as Context, rollBack } from '../utils/cache-writes';
import { markChangedLocally } from '../utils/recent-changes';
import { showActionError, showActionSuccess, showUndoError, showUndone } from './action-toasts';

export const UPDATE_MUTATION_KEY = ['triage', 'update'] as const;

async function send({ items, action }: ActionRequest): Promise<ActionResult> {
  const patch = patchForAction(action);
  const [only] = items;
  if (items.length === 1 && only) return { single: await updateItem(only.id, patch) };
  return {
    bulk: await bulkUpdateItems(
      items.map((item) => item.id),
      patch,
    ),
  };
}

/**
 * Triage actions with optimistic updates: the lists and counts change at once, the server (and through it
 * the mailbox) follows, and a refusal rolls the change back with the spec's error toast. No list refetch.
 */
export function useTriageActions() {
  const queryClient = useQueryClient();
  const mutation = useMutation<ActionResult, Error, ActionRequest, Context>({
    mutationKey: UPDATE_MUTATION_KEY,
    mutationFn: send,
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: triageKeys.lists() });
      markChangedLocally(request.items.map((item) => item.id));
      if (request.isOptimistic === false) return { snapshots: [] };
      const changes = new Map(request.items.map((item) => [item.id, applyAction(item, request.action)]));
      return applyEverywhere(queryClient, changes, request.items);
    },
    onError: (error, request, context) => {
      rollBack(queryClient, context);
      showActionError(error, request);
    },
    onSuccess: (result, request, context) => {
      const saved = result.single ? [result.single.item] : (result.bulk?.items ?? []);
      const before = request.isOptimistic === false ? request.items : [];
      const after = before.map((item) => saved.find((entry) => entry.id === item.id) ?? item);
      applyEverywhere(queryClient, new Map(saved.map((item) => [item.id, item])), before, after);
      const failedIds = new Set(result.bulk?.failed.map((failure) => failure.id));
      if (failedIds.size > 0) rollBack(queryClient, context);
      // The lists on screen are already right; the others (where items may have arrived: Cleared after a
      // clear, the inbox after a restore) refetch when next shown. A restore or a partial failure can add
      // rows back, which only a refetch does.
      const mustRefetch = request.action === 'move_to_inbox' || failedIds.size > 0;
      void queryClient.invalidateQueries({
        queryKey: triageKeys.lists(),
        refetchType: mustRefetch ? 'active' : 'none',
      });
      const actionIds = result.single ? [result.single.actionId] : (result.bulk?.actionIds ?? []);
      showActionSuccess(result, request, () => undo.mutate(actionIds));
    },
  });
  // Undo (toast button or `z`): the server puts the items back and cancels or reverses their mailbox changes;
  // the lists refetch to show them where they were.
  const undo = useMutation<number, Error, string[]>({
    mutationFn: async (actionIds) => {
      let undone = 0;
      for (const actionId of actionIds) undone += (await undoAction(actionId)).undone;
      return undone;
    },
    onSuccess: (undone) => {
      void queryClient.invalidateQueries({ queryKey: triageKeys.all });
      showUndone(undone);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: triageKeys.all });
      showUndoError(error);
    },
  });
  return mutation;
}
