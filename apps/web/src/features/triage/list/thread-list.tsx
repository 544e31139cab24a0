import {
  type CSSProperties,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNow } from '../../../lib/use-now';
import { ListContextMenu } from '../actions/list-context-menu';
import { useTriageScreen } from '../triage-screen-context';
import type { KeptScroll, ListDensity } from '../types/thread-list-types';
import { THREADS_NEXT_PAGE_SIZE } from './get-triage-threads';
import { ThreadRow } from './thread-row';
import { useRowWindow } from './use-row-window';

export const ROW_HEIGHTS: Record<ListDensity, number> = { standard: 40, enhanced: 64 };
// The next page is asked for while a whole page of rows is still ahead of the window, so a reader scrolling
// steadily finds it loaded instead of waiting on "Loading more…" at the end of each page; the same going back.
const LOAD_MORE_THRESHOLD = THREADS_NEXT_PAGE_SIZE;
// A viewport further than a page from the rows held (the scrollbar dragged) fetches its own page directly.
const JUMP_DISTANCE = THREADS_NEXT_PAGE_SIZE;

/**
 * The virtualized thread list: only the visible rows exist, and only the pages near them are held; pages load
 * as either end of those comes near, and rows whose page is not held show as loading.
 */
export function ThreadList() {
  const { rows, groups, density, threads, nav, checked, commands, list, scrollRef, keptScroll, openAt } =
    useTriageScreen();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = threads;
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = threads;
  const { focusRequest, activeIndex, openGroupId, setActiveIndex } = nav;
  const now = useNow();
  const rowHeight = ROW_HEIGHTS[density];
  const { offset, loadedEnd, jumpTo } = rows;
  const openIndex = openGroupId ? rows.indexOf(openGroupId) : -1;
  useKeptScrollPosition(scrollRef, keptScroll, groups);
  // The cursor's row and the open thread's row stay mounted when scrolled away, so keyboard focus is not
  // lost and a screen reader still finds the selected row in the accessibility tree.
  const {
    rows: items,
    range,
    isFlung,
    totalSize,
    scrollToIndex,
  } = useRowWindow({
    scrollRef,
    count: rows.count + (hasNextPage ? 1 : 0),
    rowHeight,
    overscan: 12,
    pinned: [rows.at(activeIndex) ? activeIndex : -1, openIndex],
    keyOf: (index) => rows.at(index)?.id ?? `loading-${index}`,
  });
  const { first, last } = range;

  useEffect(() => {
    if (last < first) return;
    const isFetchingPage = isFetchingNextPage || isFetchingPreviousPage;
    if (last < offset - JUMP_DISTANCE || first > loadedEnd + JUMP_DISTANCE) {
      if (!isFetchingPage) jumpTo(first);
    } else if (isFetchingPage) {
      return;
    } else if (hasNextPage && last >= loadedEnd - LOAD_MORE_THRESHOLD) {
      void fetchNextPage();
    } else if (hasPreviousPage && first < offset + LOAD_MORE_THRESHOLD) {
      void fetchPreviousPage();
    }
  }, [
    first,
    last,
    offset,
    loadedEnd,
    jumpTo,
    hasNextPage,
    hasPreviousPage,
    isFetchingNextPage,
    isFetchingPreviousPage,
    fetchNextPage,
    fetchPreviousPage,
  ]);

  useEffect(() => {
    if (!focusRequest) return;
    scrollToIndex(focusRequest.index);
    const frame = requestAnimationFrame(() => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${focusRequest.index}"]`);
      row?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, scrollToIndex, scrollRef]);

  const groupAt = useCallback(
    (event: MouseEvent) => {
      const row = event.target instanceof Element ? event.target.closest('[data-thread-key]') : null;
      const key = row?.getAttribute('data-thread-key');
      return key ? (groups.find((group) => group.id === key) ?? null) : null;
    },
    [groups],
  );

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="thread-list-scroll">
      <ListContextMenu
        groupAt={groupAt}
        checkedIds={checked.checked}
        onAction={commands.runOnGroup}
        onToggleCheck={checked.toggle}
        onAddFilter={list.addFilter}
      >
        <ul
          aria-label="Threads"
          // Flung (decision 019): no row but the pinned ones is drawn, and the list shows its plain surface.
          data-flung={isFlung || undefined}
          className="relative m-0 w-full list-none p-0"
          style={{ height: totalSize }}
        >
          {items.map((item) => {
            const group = rows.at(item.index);
            const style = { height: item.size, transform: `translateY(${item.start}px)` };
            if (!group) {
              return (
                <PlaceholderRow
                  key={item.key}
                  index={item.index}
                  style={style}
                  isEarlier={item.index < offset}
                  // The row next to the rows held says what is happening; the rest stand in quietly.
                  isLabelled={item.index === loadedEnd || item.index === offset - 1}
                />
              );
            }
            return (
              <ThreadRow
                key={item.key}
                group={group}
                index={item.index}
                density={density}
                isActive={item.index === activeIndex}
                isOpen={group.id === openGroupId}
                isChecked={checked.checked.has(group.id)}
                now={now}
                start={item.start}
                height={item.size}
                onOpen={openAt}
                onFocusRow={setActiveIndex}
                onToggleCheck={checked.toggle}
                onAction={commands.runOnGroup}
              />
            );
          })}
        </ul>
      </ListContextMenu>
    </div>
  );
}

/** A row whose page is not held yet: the one next to the rows held says so, the rest stand in as skeletons. */
function PlaceholderRow({
  index,
  style,
  isEarlier,
  isLabelled,
}: {
  index: number;
  style: CSSProperties;
  isEarlier: boolean;
  isLabelled: boolean;
}) {
  const label = isEarlier ? 'Loading…' : 'Loading more…';
  return (
    <li
      style={style}
      data-testid={isEarlier ? 'thread-list-loading-earlier' : 'thread-list-loading-more'}
      aria-hidden={isLabelled ? undefined : true}
      className="absolute top-0 left-0 flex w-full items-center justify-center gap-3 border-b border-border px-3 text-[12px] text-muted"
    >
      {isLabelled ? (
        label
      ) : (
        <>
          <Skeleton className="size-4 rounded opacity-60" />
          <Skeleton className="h-3 w-32 opacity-60" />
          <Skeleton className="h-3 flex-1 opacity-60" style={{ maxWidth: `${55 - (index % 4) * 8}%` }} />
          <Skeleton className="ml-auto h-3 w-10 opacity-60" />
        </>
      )}
    </li>
  );
}

// The scroll position of a list that unmounts (the panes' layout changing under it) and comes back with the
// same rows; a list with other rows starts at the top.
function useKeptScrollPosition(
  scrollRef: RefObject<HTMLDivElement | null>,
  keptScroll: RefObject<KeptScroll>,
  groups: readonly unknown[],
) {
  const groupsNow = useRef(groups);
  groupsNow.current = groups;
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const kept = keptScroll.current;
    if (element && kept && kept.groups === groupsNow.current) element.scrollTop = kept.top;
    keptScroll.current = null;
    return () => {
      keptScroll.current = element ? { groups: groupsNow.current, top: element.scrollTop } : null;
    };
  }, [scrollRef, keptScroll]);
}
