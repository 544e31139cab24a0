import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useCallback, useEffect } from 'react';
import { useNow } from '../../../lib/use-now';
import { ListContextMenu } from './list-context-menu';
import { type ListDensity, ThreadRow } from './thread-row';
import { useTriageScreen } from './triage-screen-context';

export const ROW_HEIGHTS: Record<ListDensity, number> = { standard: 40, enhanced: 64 };
const LOAD_MORE_THRESHOLD = 10;

export type FocusRequest = { index: number; seq: number } | null;

/** The virtualized thread list: only the visible rows exist, next pages load as the end comes near. */
export function ThreadList() {
  const { groups, density, threads, nav, checked, commands, list, scrollRef, openAt } = useTriageScreen();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = threads;
  const { focusRequest, activeIndex, openGroupId, setActiveIndex } = nav;
  const now = useNow();
  const rowHeight = ROW_HEIGHTS[density];
  const openIndex = openGroupId ? groups.findIndex((group) => group.id === openGroupId) : -1;
  // The cursor's row and the open thread's row stay mounted when scrolled away, so keyboard focus is not
  // lost and a screen reader still finds the selected row in the accessibility tree.
  const rangeExtractor = useCallback(
    (range: Range) => withPinnedRows(defaultRangeExtractor(range), [activeIndex, openIndex], range.count),
    [activeIndex, openIndex],
  );
  // Stable between renders: the virtualizer recomputes every row's position (O(items)) whenever the key
  // function changes, which an inline arrow did on every scroll frame (100,000 rows: a long frame each time).
  const getItemKey = useCallback((index: number) => groups[index]?.id ?? 'loading-more', [groups]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useVirtualizer({
    count: groups.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 12,
    getItemKey,
    // By default every scroll event renders the list synchronously inside the handler (flushSync); React
    // batches it into the frame instead (the long frames of the scroll benchmark ran in DIV.onscroll).
    useFlushSync: false,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: row positions must be recomputed when the density changes.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= groups.length - LOAD_MORE_THRESHOLD)
      void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, groups.length, fetchNextPage]);

  useEffect(() => {
    if (!focusRequest) return;
    virtualizer.scrollToIndex(focusRequest.index, { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${focusRequest.index}"]`);
      row?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, virtualizer, scrollRef]);

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
          className="relative m-0 w-full list-none p-0"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const group = groups[item.index];
            const style = { height: item.size, transform: `translateY(${item.start}px)` };
            if (!group) {
              return (
                <li
                  key={item.key}
                  style={style}
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

function withPinnedRows(indexes: number[], pinned: number[], count: number): number[] {
  const extra = new Set(pinned.filter((index) => index >= 0 && index < count && !indexes.includes(index)));
  return extra.size === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
}
