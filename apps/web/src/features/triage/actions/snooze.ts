import { SNOOZE_API, type SnoozeResponse } from '@ledgerdesk/domain/api/snooze-endpoints';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { shortWhen } from '@ledgerdesk/domain/triage/snooze';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { triageKeys } from '../triage-keys';
import { markChangedLocally } from '../utils/recent-changes';
import { applyEverywhere, type CacheContext, rollBack } from './cache-writes';

/** Snoozes items into Scheduled until `until`. */
export function snoozeItems(ids: readonly string[], until: Date): Promise<SnoozeResponse> {
  return api<SnoozeResponse>(SNOOZE_API.snooze, {
    method: 'POST',
    body: { ids, until: until.toISOString() },
  });
}

/** Brings snoozed items back to the inbox now. */
export function unsnoozeItems(ids: readonly string[]): Promise<SnoozeResponse> {
  return api<SnoozeResponse>(SNOOZE_API.unsnooze, { method: 'POST', body: { ids } });
}

type SnoozeRequest = { items: readonly TriageItem[]; until: Date; timeZone: string };

/**
 * Snooze and unsnooze, optimistic like the other triage actions (update-items.ts, through cache-writes.ts): the thread leaves the
 * main view and the counts change at once, the server confirms, and a refusal puts it back with the server's
 * message. Lists of other views and the sidebar counts refetch afterwards.
 */
export function useSnooze() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: triageKeys.lists(), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
  };

  const snooze = useMutation<unknown, Error, SnoozeRequest, CacheContext>({
    mutationFn: ({ items, until }) =>
      snoozeItems(
        items.map((item) => item.id),
        until,
      ),
    onMutate: async ({ items, until }) => {
      await queryClient.cancelQueries({ queryKey: triageKeys.lists() });
      markChangedLocally(items.map((item) => item.id));
      const change = { status: 'scheduled' as const, snoozedUntil: until.toISOString() };
      return applyEverywhere(queryClient, new Map(items.map((item) => [item.id, change])), items);
    },
    onError: (error, _request, context) => {
      rollBack(queryClient, context);
      toast.error('Could not snooze', { description: error.message });
    },
    onSuccess: (_result, { items, until, timeZone }) => {
      settle();
      toast.success('Snoozed', {
        description: `Returns ${shortWhen(until, timeZone)}`,
        action: { label: 'Undo', onClick: () => unsnooze.mutate({ items, quiet: true }) },
      });
    },
  });

  const unsnooze = useMutation<
    unknown,
    Error,
    { items: readonly TriageItem[]; quiet?: boolean },
    CacheContext
  >({
    mutationFn: ({ items }) => unsnoozeItems(items.map((item) => item.id)),
    onMutate: async ({ items }) => {
      await queryClient.cancelQueries({ queryKey: triageKeys.lists() });
      markChangedLocally(items.map((item) => item.id));
      const change = { status: 'inbox' as const, snoozedUntil: null };
      return applyEverywhere(queryClient, new Map(items.map((item) => [item.id, change])), items);
    },
    onError: (error, _request, context) => {
      rollBack(queryClient, context);
      toast.error('Could not unsnooze', { description: error.message });
    },
    onSuccess: (_result, { quiet }) => {
      void queryClient.invalidateQueries({ queryKey: triageKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
      if (!quiet) toast.success('Moved back to Triage');
    },
  });

  return { snooze, unsnooze };
}
