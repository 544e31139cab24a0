import type { UserNotice } from '@ledgerdesk/domain/api/notice-events';
import type { AutoRefreshSettings } from '@ledgerdesk/domain/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getTriageThreads } from '../api/get-triage-threads';
import { type ListFilter, triageKeys } from '../api/triage-keys';
import { findItems, firstPageOnly, type ThreadsData } from '../utils/list-cache';
import { isLocalEcho } from '../utils/recent-changes';
import { useTriageEvents } from './use-triage-events';
import { useVisibleInterval } from './use-visible-interval';

const UPDATE_DEBOUNCE_MS = 400;

/**
 * Keeps the list current: realtime INSERTs raise the new-items count (the list itself waits for the reader's
 * refresh), UPDATEs made elsewhere refetch (debounced), and a cheap poll (one item and the counts) every
 * interval while the tab is visible backs the stream up.
 */
export function useLiveUpdates(
  filter: ListFilter,
  settings: AutoRefreshSettings,
  openThreadKey: string | null,
  /** A notice for the user from the stream (a held message that failed to send). */
  onNotice: (notice: UserNotice) => void,
) {
  const queryClient = useQueryClient();
  const [newItemsCount, setNewItemsCount] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchedThreads = useRef(new Set<string>());
  const openKey = useRef(openThreadKey);
  openKey.current = openThreadKey;

  useEffect(() => () => clearTimeout(timer.current), []);
  // A different list starts without pending news.
  const listKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes.
  useEffect(() => setNewItemsCount(0), [listKey]);

  const refresh = useCallback(() => {
    const key = triageKeys.list(filter);
    queryClient.setQueryData<ThreadsData>(key, (data) => (data ? firstPageOnly(data) : data));
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
    setNewItemsCount(0);
  }, [queryClient, filter]);

  const scheduleRefetch = useCallback(
    (threadKey?: string) => {
      if (threadKey) touchedThreads.current.add(threadKey);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: triageKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
        const open = openKey.current;
        if (open && touchedThreads.current.has(open)) {
          void queryClient.invalidateQueries({ queryKey: triageKeys.thread(open) });
        }
        touchedThreads.current.clear();
      }, UPDATE_DEBOUNCE_MS);
    },
    [queryClient],
  );

  const isConnected = useTriageEvents({
    onInsert: (event) => {
      // The list can already show the item: its first fetch read the sync's commit while the event was on its
      // way. Counting it as new would raise a banner for mail in plain sight (and shift the rows under the
      // pointer); it only needs the list to catch up.
      const shown = queryClient.getQueryData<ThreadsData>(triageKeys.list(filter));
      if (findItems(shown, new Set([event.id])).length > 0) {
        scheduleRefetch(event.threadKey);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
      if (settings.autoRefresh) refresh();
      else setNewItemsCount((count) => count + 1);
    },
    onUpdate: (event) => {
      if (!isLocalEcho(event.id)) scheduleRefetch(event.threadKey);
    },
    onNotice,
  });

  const poll = useCallback(async () => {
    const cached = queryClient.getQueryData<ThreadsData>(triageKeys.list(filter));
    const first = cached?.pages[0];
    if (!first) return;
    const latest = await getTriageThreads(filter, null, { limit: 1 }).catch(() => null);
    if (!latest) return;
    void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
    const newest = Date.parse(latest.groups[0]?.lastActivity ?? '');
    const cachedNewest = Date.parse(first.groups[0]?.lastActivity ?? '');
    const isNewer = Number.isFinite(newest) && (!Number.isFinite(cachedNewest) || newest > cachedNewest);
    if (latest.total > first.total || isNewer) {
      if (settings.autoRefresh) refresh();
      else setNewItemsCount(Math.max(1, latest.total - first.total));
    } else if (latest.total !== first.total) {
      scheduleRefetch();
    }
  }, [queryClient, filter, settings.autoRefresh, refresh, scheduleRefetch]);

  // The backup runs even while the stream looks connected: a proxy can hold a stream open yet deliver nothing.
  useVisibleInterval(() => void poll(), settings.interval, settings.enabled);

  return { newItemsCount, refresh, isConnected };
}
