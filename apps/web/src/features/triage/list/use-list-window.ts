import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { type ListFilter, triageKeys } from '../triage-keys';
import { type FlatGroups, flattenPages, type ThreadsData } from '../utils/list-cache';
import { PageStarts } from '../utils/page-window';
import { getTriageThreads, pageLimit, type useTriageThreads } from './get-triage-threads';

/**
 * The list's rows as the screen addresses them: by index in the whole list, of which only a window of pages
 * near the viewport is held (utils/page-window.ts). Rows outside it are placeholders until their page comes.
 */
export type ListRows = {
  /** The groups held, in order; the first stands at `offset`. */
  groups: ThreadGroupDto[];
  offset: number;
  /** One past the last held group's index. */
  loadedEnd: number;
  /** How many rows the list is known to span, held or not. */
  count: number;
  /** The group at a row index, when its page is held. */
  at: (index: number) => ThreadGroupDto | undefined;
  /** A held group's row index, or -1. */
  indexOf: (id: string) => number;
  /**
   * Whether row `index` lies among the rows held. A thread last seen at such an index and missing now has left
   * the list; one last seen elsewhere has only had its page let go.
   */
  holdsPlace: (index: number) => boolean;
  /** Fetches the page under row `index` and holds it alone (the scrollbar was dragged far from the window). */
  jumpTo: (index: number) => void;
};

export function useListWindow(
  filter: ListFilter,
  threads: Pick<ReturnType<typeof useTriageThreads>, 'data' | 'hasNextPage'>,
): ListRows {
  const queryClient = useQueryClient();
  const listKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one record of page starts per list.
  const starts = useMemo(() => new PageStarts(), [listKey]);
  // A page loaded while scrolling extends the last flattening instead of walking every held page again.
  const flat = useRef<FlatGroups | null>(null);
  const { data, hasNextPage } = threads;
  const held = useMemo(() => {
    flat.current = flattenPages(data, flat.current);
    if (data) starts.record(data, hasNextPage);
    return flat.current;
  }, [data, hasNextPage, starts]);

  const isJumping = useRef(false);
  const filterNow = useRef(filter);
  filterNow.current = filter;
  const jumpTo = useCallback(
    async (index: number) => {
      if (isJumping.current) return;
      isJumping.current = true;
      const list = filterNow.current;
      const key = triageKeys.list(list);
      try {
        const param = starts.pageFor(index);
        await queryClient.cancelQueries({ queryKey: key, exact: true });
        const page = await getTriageThreads(list, param.cursor, { limit: pageLimit(param) });
        // The list shrank under a page seen before: start again from its head.
        if (page.groups.length === 0 && param.start > 0) {
          await queryClient.resetQueries({ queryKey: key, exact: true });
          return;
        }
        queryClient.setQueryData<ThreadsData>(key, { pages: [page], pageParams: [param] });
      } catch {
        // The placeholders stay; the next scroll asks again.
      } finally {
        isJumping.current = false;
      }
    },
    [queryClient, starts],
  );

  return useMemo(() => {
    const offset = data?.pageParams[0]?.start ?? 0;
    const { groups, positions } = held;
    const loadedEnd = offset + groups.length;
    return {
      groups,
      offset,
      loadedEnd,
      count: Math.max(loadedEnd, starts.extent),
      at: (index) => (index >= offset ? groups[index - offset] : undefined),
      indexOf: (id) => {
        const at = positions.get(id);
        return at !== undefined && groups[at]?.id === id ? offset + at : -1;
      },
      holdsPlace: (index) => index >= offset && index < loadedEnd,
      jumpTo: (index) => void jumpTo(index),
    };
  }, [data, held, starts, jumpTo]);
}
