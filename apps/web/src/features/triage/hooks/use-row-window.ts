import { type RefObject, startTransition, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { rowIndexes, scrollTopToReveal, visibleRange, type WindowRow } from '../utils/row-window';

type ScrollView = { scrollTop: number; viewportHeight: number };
type RangeParams = { rowHeight: number; count: number; overscan: number };

function isSameRange(a: ScrollView, b: ScrollView, params: RangeParams): boolean {
  const before = visibleRange({ ...a, ...params });
  const after = visibleRange({ ...b, ...params });
  return before.first === after.first && before.last === after.last;
}

type RowWindowInput = {
  scrollRef: RefObject<HTMLElement | null>;
  count: number;
  /** Every row's height: rows stand at index × rowHeight, so nothing is measured. */
  rowHeight: number;
  overscan: number;
  /** Rows kept rendered wherever the list is scrolled (the cursor's, the open thread's). */
  pinned: readonly number[];
  keyOf: (index: number) => string;
};

/**
 * A virtual window over rows of one height: only the rows in view (plus overscan and the pinned ones) are
 * rendered, and a scroll re-renders only when that range changes. Work per scroll event is a few
 * arithmetic operations whatever the row count (the general-purpose virtualizer it replaces walked every row
 * whenever its options changed, and weighed 10 KB gzipped in the first load).
 */
export function useRowWindow({ scrollRef, count, rowHeight, overscan, pinned, keyOf }: RowWindowInput) {
  // The scroll position and viewport height last read; the range is derived from them at render, so a page
  // loaded (a new count) or a density switch needs no DOM read and no effect.
  const [view, setView] = useState<ScrollView>({ scrollTop: 0, viewportHeight: 0 });
  const range = visibleRange({ ...view, rowHeight, count, overscan });
  const params = useRef({ rowHeight, count, overscan });
  params.current = { rowHeight, count, overscan };
  // Stable: the scroll listener and the resize observer are attached once, not again with every page.
  const readRange = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const next = { scrollTop: element.scrollTop, viewportHeight: element.clientHeight };
    // A scroll within the same rows renders nothing.
    setView((current) => (isSameRange(current, next, params.current) ? current : next));
  }, [scrollRef]);

  useLayoutEffect(() => {
    readRange();
    const element = scrollRef.current;
    if (!element) return;
    // Rows a scroll brings in are rendered in a transition: React renders them in slices of a few
    // milliseconds between frames instead of one task, so a fast fling never holds a frame for the rows
    // it mounts (the cursor's and open thread's rows are pinned, so focus never waits on it).
    const onScroll = () => startTransition(readRange);
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(readRange);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [scrollRef, readRange]);

  // Stable, so an effect that reveals a row runs for its own request only, not again with every page loaded.
  const latest = useRef({ rowHeight, readRange });
  latest.current = { rowHeight, readRange };
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = scrollTopToReveal({
        index,
        rowHeight: latest.current.rowHeight,
        scrollTop: element.scrollTop,
        viewportHeight: element.clientHeight,
      });
      if (top !== element.scrollTop) element.scrollTop = top;
      latest.current.readRange();
    },
    [scrollRef],
  );

  const rows: WindowRow[] = rowIndexes(range, pinned, count).map((index) => ({
    index,
    key: keyOf(index),
    start: index * rowHeight,
    size: rowHeight,
  }));
  return { rows, range, totalSize: count * rowHeight, scrollToIndex };
}
