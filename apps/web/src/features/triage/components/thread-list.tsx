import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, type RefObject, useCallback, useEffect } from 'react';
import { useNow } from '../../../lib/use-now';
import type { ListAction } from '../utils/action-items';
import { ListContextMenu } from './list-context-menu';
import { type ListDensity, ThreadRow } from './thread-row';

export const ROW_HEIGHTS: Record<ListDensity, number> = { standard: 40, enhanced: 64 };
const LOAD_MORE_THRESHOLD = 10;

export type FocusRequest = { index: number; seq: number } | null;

type ThreadListProps = {
  groups: ThreadGroupDto[];
  density: ListDensity;
  activeIndex: number;
  openGroupId: string | null;
  checkedIds: ReadonlySet<string>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  focusRequest: FocusRequest;
  scrollRef: RefObject<HTMLDivElement | null>;
  onOpen: (index: number) => void;
  onFocusRow: (index: number) => void;
  onToggleCheck: (groupId: string) => void;
  onAction: (group: ThreadGroupDto, action: ListAction) => void;
  onAddFilter: (filter: CustomFilter) => void;
};

/** The virtualized thread list: only the visible rows exist, next pages load as the end comes near. */
export function ThreadList(props: ThreadListProps) {
  const { groups, density, hasNextPage, isFetchingNextPage, fetchNextPage, focusRequest, scrollRef } = props;
  const now = useNow();
  const rowHeight = ROW_HEIGHTS[density];
  const openIndex = props.openGroupId ? groups.findIndex((group) => group.id === props.openGroupId) : -1;
  // The cursor's row and the open thread's row stay mounted when scrolled away, so keyboard focus is not
  // lost and a screen reader still finds the selected row in the accessibility tree.
  const { activeIndex } = props;
  const rangeExtractor = useCallback(
    (range: Range) => withPinnedRows(defaultRangeExtractor(range), [activeIndex, openIndex], range.count),
    [activeIndex, openIndex],
  );
  const virtualizer = useVirtualizer({
    count: groups.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    getItemKey: (index) => groups[index]?.id ?? 'loading-more',
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
      fetchNextPage();
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
        checkedIds={props.checkedIds}
        onAction={props.onAction}
        onToggleCheck={props.onToggleCheck}
        onAddFilter={props.onAddFilter}
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
                isActive={item.index === props.activeIndex}
                isOpen={group.id === props.openGroupId}
                isChecked={props.checkedIds.has(group.id)}
                now={now}
                start={item.start}
                height={item.size}
                onOpen={props.onOpen}
                onFocusRow={props.onFocusRow}
                onToggleCheck={props.onToggleCheck}
                onAction={props.onAction}
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
