import type { UserNotice } from '@ledgerdesk/domain/api/notice-events';
import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage-endpoints';
import type { AutoRefreshSettings, FolderState, TriageStatus } from '@ledgerdesk/domain/entities';
import { isInView } from '@ledgerdesk/domain/triage/view-criteria';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ListFilter, triageKeys } from '../triage-keys';
import { findItems, firstPageOnly, type ThreadsData } from '../utils/list-cache';
import type { PageParam } from '../utils/page-window';
import { isLocalEcho } from '../utils/recent-changes';
import { getTriageThreads } from './get-triage-threads';
import { useTriageEvents } from './use-triage-events';
import { useVisibleInterval } from './use-visible-interval';

const UPDATE_DEBOUNCE_MS = 400;

/**
 * Keeps the list current: realtime INSERTs raise the new-items count (the list itself waits for the reader's
 * refresh), UPDATEs made elsewhere refetch (debounced), and a cheap poll (one item and the counts) every
 * interval while the tab is visible backs the stream up. The count is of news the list does not show yet: an
 * item the list shows (its fetch read the commit while the event was on its way, or a refetch since brought it
 * in) is not news, so the banner never announces mail in plain sight.
 */
export function useLiveUpdates(
  filter: ListFilter,
  settings: AutoRefreshSettings,
  openThreadKey: string | null,
  /** The list's loaded pages, as shown. */
  shown: ShownPages | undefined,
  /** A notice for the user from the stream (a held message that failed to send). */
  onNotice: (notice: UserNotice) => void,
) {
  const queryClient = useQueryClient();
  const [news, setNews] = useState<News>(NO_NEWS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchedThreads = useRef(new Set<string>());
  const openKey = useRef(openThreadKey);
  openKey.current = openThreadKey;
  const newItemsCount = useMemo(() => unseenCount(shown, news), [shown, news]);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A different list starts without pending news.
  const listKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes.
  useEffect(() => setNews(NO_NEWS), [listKey]);

  const refresh = useCallback(() => {
    const key = triageKeys.list(filter);
    const data = queryClient.getQueryData<ThreadsData>(key);
    // Pages held far down the list: start again from the head, which the window no longer holds.
    if (data && !holdsHead(data)) void queryClient.resetQueries({ queryKey: key, exact: true });
    else {
      if (data) queryClient.setQueryData<ThreadsData>(key, firstPageOnly(data));
      void queryClient.invalidateQueries({ queryKey: key });
    }
    void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
    setNews(NO_NEWS);
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
      void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
      if (settings.autoRefresh) {
        refresh();
        return;
      }
      // Not for this list (the user's own reply synced into Sent, mail filed straight to the archive): no news here.
      if (event.place && !isInView(placedItem(event.place), filter.view)) return;
      // Shown already: only its row needs to catch up.
      const cached = queryClient.getQueryData<ThreadsData>(triageKeys.list(filter));
      if (findItems(cached, new Set([event.id])).length > 0) {
        scheduleRefetch(event.threadKey);
        return;
      }
      setNews((current) => ({ ...current, ids: new Set(current.ids).add(event.id) }));
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
    const polled = { total: latest.total, newest: Date.parse(latest.groups[0]?.lastActivity ?? '') };
    if (countFromPoll(first, polled, holdsHead(cached)) > 0) {
      if (settings.autoRefresh) refresh();
      else setNews((current) => ({ ...current, polled }));
    } else if (latest.total !== first.total) {
      scheduleRefetch();
    }
  }, [queryClient, filter, settings.autoRefresh, refresh, scheduleRefetch]);

  // The backup runs even while the stream looks connected: a proxy can hold a stream open yet deliver nothing.
  useVisibleInterval(() => void poll(), settings.interval, settings.enabled);

  return { newItemsCount, refresh, isConnected };
}

type ShownPages = { pages: ThreadsPage[]; pageParams: readonly PageParam[] };

/** Whether the pages held start at the list's head (a long scroll holds only the pages near the viewport). */
function holdsHead(shown: ShownPages): boolean {
  return (shown.pageParams[0]?.cursor ?? null) === null;
}

/** An event's place as the view rule reads an item. */
function placedItem(place: NonNullable<TriageChangeEvent['place']>) {
  return {
    status: place.status as TriageStatus,
    metadata: { exchange_folder_state: (place.folderState ?? undefined) as FolderState | undefined },
    snoozedUntil: place.isSnoozed ? 'snoozed' : null,
  };
}
type Polled = { total: number; newest: number };
/** What arrived since the reader's last refresh: the ids the stream announced, and the poll's last answer. */
type News = { ids: ReadonlySet<string>; polled: Polled | null };
const NO_NEWS: News = { ids: new Set(), polled: null };

/**
 * How many more items the poll saw than the list's first page (at least one when its newest is newer than the
 * head's; without the head held, only the totals compare).
 */
function countFromPoll(first: ThreadsPage, polled: Polled, isHead: boolean): number {
  const cachedNewest = Date.parse(first.groups[0]?.lastActivity ?? '');
  const isNewer =
    isHead &&
    Number.isFinite(polled.newest) &&
    (!Number.isFinite(cachedNewest) || polled.newest > cachedNewest);
  const more = polled.total - first.total;
  return more > 0 || isNewer ? Math.max(1, more) : 0;
}

/** The news the list does not show yet; none before its first page, which will show whatever is there. */
function unseenCount(shown: ShownPages | undefined, news: News): number {
  const first = shown?.pages[0];
  if (!first) return 0;
  const unseenIds = news.ids.size === 0 ? 0 : news.ids.size - findItems(shown, news.ids).length;
  return Math.max(unseenIds, news.polled ? countFromPoll(first, news.polled, holdsHead(shown)) : 0);
}
