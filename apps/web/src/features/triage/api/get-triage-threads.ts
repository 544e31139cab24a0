import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import {
  THREADS_PAGE_MAX_LIMIT,
  TRIAGE_API,
  threadsSearchParams,
} from '@ledgerdesk/domain/api/triage-endpoints';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { compactThreadsPage } from '../utils/compact-page';
import { type ListFilter, triageKeys } from './triage-keys';

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
  return infiniteQueryOptions({
    queryKey: triageKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      getTriageThreads(filter, pageParam, {
        signal,
        limit: pageParam == null ? THREADS_PAGE_SIZE : THREADS_NEXT_PAGE_SIZE,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Realtime events and the polling backup say when the list changed; no refetch on mount or focus.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The thread groups of a list, page by page (infinite scroll). */
export function useTriageThreads(filter: ListFilter) {
  return useInfiniteQuery(triageThreadsQueryOptions(filter));
}
