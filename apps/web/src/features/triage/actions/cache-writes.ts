// The optimistic writes every triage mutation shares (actions, snooze): changes go into every cached list and
// the sidebar counts at once, and come back out if the server refuses — unless something else changed that cache
// since, which is then refetched instead.
import type { TriageItem } from '@ledgerdesk/domain/entities';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type ListFilter, triageKeys } from '../triage-keys';
import { applyItemChanges, type ItemChanges, type ThreadsData } from '../utils/list-cache';
import { adjustCounts, type TriageCountsValue } from './counts-delta';

type Snapshot = { key: QueryKey; previous: ThreadsData; applied: ThreadsData };
export type CacheContext = {
  snapshots: Snapshot[];
  previousCounts?: TriageCountsValue;
  appliedCounts?: TriageCountsValue;
};

function viewOfKey(key: QueryKey): ListFilter['view'] {
  return (key[2] as ListFilter).view;
}

/** Applies item changes to every cached list and the sidebar counts; returns what to roll back to. */
export function applyEverywhere(
  queryClient: QueryClient,
  changes: ItemChanges,
  items: readonly TriageItem[],
  changedItems?: readonly TriageItem[],
): CacheContext {
  const snapshots: Snapshot[] = [];
  for (const [key, data] of queryClient.getQueriesData<ThreadsData>({ queryKey: triageKeys.lists() })) {
    if (!data) continue;
    const changed = applyItemChanges(data, changes, viewOfKey(key));
    if (changed === data) continue;
    // What the cache holds after structural sharing (a copy, not `changed`): rollBack compares with it.
    const applied = queryClient.setQueryData<ThreadsData>(key, changed) ?? changed;
    snapshots.push({ key, previous: data, applied });
  }
  const previousCounts = queryClient.getQueryData<TriageCountsValue>(triageKeys.counts());
  if (!previousCounts || items.length === 0) return { snapshots };
  const after = changedItems ?? items.map((item) => ({ ...item, ...changes.get(item.id) }));
  const nextCounts: TriageCountsValue = adjustCounts(previousCounts, items, after);
  const appliedCounts =
    queryClient.setQueryData<TriageCountsValue>(triageKeys.counts(), nextCounts) ?? nextCounts;
  return { snapshots, previousCounts, appliedCounts };
}

/** Puts lists back as they were, unless something else changed them since (then they are refetched). */
export function rollBack(queryClient: QueryClient, context: CacheContext | undefined) {
  if (!context) return;
  for (const { key, previous, applied } of context.snapshots) {
    if (queryClient.getQueryData(key) === applied) queryClient.setQueryData(key, previous);
    else void queryClient.invalidateQueries({ queryKey: key });
  }
  if (context.previousCounts && queryClient.getQueryData(triageKeys.counts()) === context.appliedCounts) {
    queryClient.setQueryData(triageKeys.counts(), context.previousCounts);
  } else {
    void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
  }
}
