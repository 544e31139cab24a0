import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import {
  THREADS_PAGE_MAX_LIMIT,
  TRIAGE_API,
  threadsSearchParams,
} from '@ledgerdesk/domain/api/triage-endpoints';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListFilter, triageKeys } from '../triage-keys';
import { sharePages, type ThreadsData } from '../utils/list-cache';
import {
  LIST_HEAD,
  nextPageParam,
  type PageParam,
  previousPageParam,
  WINDOW_PAGES,
} from '../utils/page-window';
import { compactThreadsPage } from './compact-page';

export const THREADS_PAGE_SIZE = 50;
/** Pages after the first are as large as the API allows: a long scroll waits on fewer round trips. */
export const THREADS_NEXT_PAGE_SIZE = THREADS_PAGE_MAX_LIMIT;

/** One keyset page of thread groups for a list. */
export function getTriageThreads(
  filter: ListFilter,
  cursor: string | null,
  options: { signal?: AbortSignal; limit?: number } = {},
): Promise<ThreadsPage> {
  const query = threadsSearchParams({ ...filter, cursor, limit: options.limit ?? THREADS_PAGE_SIZE });
  return api<ThreadsPage>(`${TRIAGE_API.threads}?${query}`, { signal: options.signal }).then(
    compactThreadsPage,
  );
}

export function triageThreadsQueryOptions(filter: ListFilter) {
  return infiniteQueryOptions<ThreadsPage, Error, ThreadsData, ReturnType<typeof triageKeys.list>, PageParam>(
    {
      queryKey: triageKeys.list(filter),
      queryFn: ({ pageParam, signal }) =>
        getTriageThreads(filter, pageParam.cursor, { signal, limit: pageLimit(pageParam) }),
      initialPageParam: LIST_HEAD,
      getNextPageParam: (lastPage, _pages, lastParam) => nextPageParam(lastPage, lastParam),
      getPreviousPageParam: (_firstPage, _pages, firstParam) => previousPageParam(firstParam),
      // Only the pages near the viewport are held (utils/page-window.ts).
      maxPages: WINDOW_PAGES,
      structuralSharing: sharePages,
      // Realtime events and the polling backup say when the list changed; no refetch on mount or focus.
      staleTime: Number.POSITIVE_INFINITY,
    },
  );
}

/** The first page is small, for the first paint; the rest as large as the API allows. */
export function pageLimit(param: PageParam): number {
  return param.cursor == null ? THREADS_PAGE_SIZE : THREADS_NEXT_PAGE_SIZE;
}

/** The thread groups of a list, a window of pages near the viewport at a time (infinite scroll both ways). */
export function useTriageThreads(filter: ListFilter) {
  return useInfiniteQuery(triageThreadsQueryOptions(filter));
}
