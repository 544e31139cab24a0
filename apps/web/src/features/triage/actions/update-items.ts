// Triage actions (clear, later, low priority, move to inbox, read state), one item or many: the requests,
// the mutation hook and its optimistic cache writes (cache-writes.ts, shared with snooze).
import type { BulkUpdateResponse, ItemPatch, ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import { BULK_UPDATE_MAX_IDS, TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { applyAction } from '@ledgerdesk/domain/triage/apply-action';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readUndoSeconds } from '../../../lib/undo-window';
import { triageKeys } from '../triage-keys';
import type { ActionRequest, ActionResult, MergedBulkResponse } from '../types/action-types';
import { patchForAction } from '../utils/action-items';
import { markChangedLocally } from '../utils/recent-changes';
import { mayOfferUndo, showActionError, showActionSuccess } from './action-toasts';
import { applyEverywhere, type CacheContext, rollBack } from './cache-writes';
import { useUndoActions } from './undo-action';
import { offerUndo, withdrawUndo } from './undo-offer';

/** PATCH /api/triage/items/:id: one item; the server queues its mailbox change and answers at once. */
export function updateItem(id: string, patch: ItemPatch): Promise<ItemUpdateResponse> {
  return api<ItemUpdateResponse>(TRIAGE_API.item(id), { method: 'PATCH', body: patch });
}

/** POST /api/triage/items/bulk-update, in chunks of the server's limit, answers merged. */
export async function bulkUpdateItems(ids: readonly string[], patch: ItemPatch): Promise<MergedBulkResponse> {
  const merged: MergedBulkResponse = {
    updated: 0,
    failed: [],
    items: [],
    localOnlyIds: [],
    notice: null,
    actionIds: [],
  };
  for (let start = 0; start < ids.length; start += BULK_UPDATE_MAX_IDS) {
    const chunk = ids.slice(start, start + BULK_UPDATE_MAX_IDS);
    const answer = await api<BulkUpdateResponse>(TRIAGE_API.bulkUpdate, {
      method: 'POST',
      body: { ids: chunk, patch },
    });
    merged.updated += answer.updated;
    merged.failed.push(...answer.failed);
    merged.items.push(...answer.items);
    merged.localOnlyIds.push(...answer.localOnlyIds);
    merged.notice = merged.notice ?? answer.notice;
    merged.actionIds.push(answer.actionId);
  }
  return merged;
}

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
 * The Undo offered while the action's answer (with the action ids the server undoes by) is on its way: `z`
 * pressed then puts the items back at once and asks for the undo as soon as the answer arrives (decision 012).
 */
type EarlyUndo = { isRequested: boolean; run: () => void };
type Context = CacheContext & { early?: EarlyUndo };

/**
 * Triage actions with optimistic updates: the lists and counts change at once, the server (and through it
 * the mailbox) follows, and a refusal rolls the change back with the spec's error toast. No list refetch.
 */
export function useTriageActions() {
  const queryClient = useQueryClient();
  const undo = useUndoActions();
  const mutation = useMutation<ActionResult, Error, ActionRequest, Context>({
    mutationKey: UPDATE_MUTATION_KEY,
    mutationFn: send,
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: triageKeys.lists() });
      markChangedLocally(request.items.map((item) => item.id));
      const changes = new Map(request.items.map((item) => [item.id, applyAction(item, request.action)]));
      const context: Context =
        request.isOptimistic === false
          ? { snapshots: [] }
          : applyEverywhere(queryClient, changes, request.items);
      if (mayOfferUndo(request)) {
        const early: EarlyUndo = {
          isRequested: false,
          run: () => {
            early.isRequested = true;
            rollBack(queryClient, context);
          },
        };
        offerUndo(early.run, readUndoSeconds());
        context.early = early;
      }
      return context;
    },
    onError: (error, request, context) => {
      if (context?.early) withdrawUndo(context.early.run);
      rollBack(queryClient, context);
      showActionError(error, request);
    },
    onSuccess: (result, request, context) => {
      const actionIds = result.single ? [result.single.actionId] : (result.bulk?.actionIds ?? []);
      if (context.early?.isRequested) {
        // Undone before the answer came: the items are back on screen already; now the server undoes it too.
        undo.mutate(actionIds);
        return;
      }
      if (context.early) withdrawUndo(context.early.run);
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
      showActionSuccess(result, request, () => undo.mutate(actionIds));
    },
  });
  return mutation;
}
