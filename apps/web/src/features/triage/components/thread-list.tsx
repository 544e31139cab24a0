import { type MouseEvent, type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useNow } from '../../../lib/use-now';
import { THREADS_NEXT_PAGE_SIZE } from '../api/get-triage-threads';
import { useRowWindow } from '../hooks/use-row-window';
import { ListContextMenu } from './list-context-menu';
import { type ListDensity, ThreadRow } from './thread-row';
import { useTriageScreen } from './triage-screen-context';

export const ROW_HEIGHTS: Record<ListDensity, number> = { standard: 40, enhanced: 64 };
// The next page is asked for while a whole page of rows is still ahead of the window, so a reader scrolling
// steadily finds it loaded instead of waiting on "Loading more…" at the end of each page.
const LOAD_MORE_THRESHOLD = THREADS_NEXT_PAGE_SIZE;

export type FocusRequest = { index: number; seq: number } | null;

/** The virtualized thread list: only the visible rows exist, next pages load as the end comes near. */
export function ThreadList() {
  const { groups, density, threads, nav, checked, commands, list, scrollRef, keptScroll, openAt } =
    useTriageScreen();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = threads;
  const { focusRequest, activeIndex, openGroupId, setActiveIndex } = nav;
  const now = useNow();
  const rowHeight = ROW_HEIGHTS[density];
  const openIndex = openGroupId ? groups.findIndex((group) => group.id === openGroupId) : -1;
  useKeptScrollPosition(scrollRef, keptScroll, groups);
  // The cursor's row and the open thread's row stay mounted when scrolled away, so keyboard focus is not
  // lost and a screen reader still finds the selected row in the accessibility tree.
  const {
    rows: items,
    totalSize,
    scrollToIndex,
  } = useRowWindow({
    scrollRef,
    count: groups.length + (hasNextPage ? 1 : 0),
    rowHeight,
    overscan: 12,
    pinned: [activeIndex, openIndex],
    keyOf: (index) => groups[index]?.id ?? 'loading-more',
  });
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= groups.length - LOAD_MORE_THRESHOLD)
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, groups.length, fetchNextPage]);

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
        <ul aria-label="Threads" className="relative m-0 w-full list-none p-0" style={{ height: totalSize }}>
          {items.map((item) => {
            const group = groups[item.index];
            const style = { height: item.size, transform: `translateY(${item.start}px)` };
            if (!group) {
              return (
                <li
                  key={item.key}
                  style={style}
                  data-testid="thread-list-loading-more"
                  className="absolute top-0 left-0 flex w-full items-center justify-center text-[12px] text-muted"
                >
                  Loading more…
                </li>
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

export type KeptScroll = { groups: readonly unknown[]; top: number } | null;

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
