import { type RefObject, startTransition, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { rowIndexes, scrollTopToReveal, visibleRange, type WindowRow } from './row-window';

type ScrollView = { scrollTop: number; viewportHeight: number };

/** How long a fling's last scroll is left alone before its rows are drawn (no scroll event since). */
export const FLING_SETTLE_MS = 150;

/**
 * A fling: one scroll event moved the list a whole viewport or more, so no row was on screen in two frames in a
 * row (a fast wheel or trackpad fling past ~50,000 px/s, the scrollbar dragged). Nothing drawn then can be read.
 */
export function isFling(moved: number, viewportHeight: number): boolean {
  return viewportHeight > 0 && Math.abs(moved) >= viewportHeight;
}

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
 * rendered, and a scroll re-renders only when that range changes; while the list is flung (`isFlung`) only the
 * pinned rows are, until it slows or rests (decision 019). Work per scroll event is a few
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
  // While flung, only the pinned rows are drawn, on the list's plain surface, until the scroll slows to less
  // than a viewport per event or rests for FLING_SETTLE_MS. Mounting a viewport of rows in every frame (their
  // style, layout, text and garbage) was what held the fast scroll's frames (decision 019).
  const [isFlung, setIsFlung] = useState(false);
  const lastTop = useRef(0);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Stable: the scroll listener and the resize observer are attached once, not again with every page.
  const readRange = useCallback(
    (isJump = false) => {
      const element = scrollRef.current;
      if (!element) return;
      const next = { scrollTop: element.scrollTop, viewportHeight: element.clientHeight };
      const moved = isJump ? 0 : next.scrollTop - lastTop.current;
      lastTop.current = next.scrollTop;
      if (isJump) {
        // The app moved the list to a row (the keyboard, a focus request): that row is drawn at once.
        clearTimeout(settle.current);
        setIsFlung(false);
      } else if (isFling(moved, next.viewportHeight)) {
        clearTimeout(settle.current);
        settle.current = setTimeout(() => startTransition(() => setIsFlung(false)), FLING_SETTLE_MS);
        setIsFlung(true);
      } else if (moved !== 0) {
        clearTimeout(settle.current);
        setIsFlung(false);
      }
      // A scroll within the same rows renders nothing.
      setView((current) => (isSameRange(current, next, params.current) ? current : next));
    },
    [scrollRef],
  );

  useLayoutEffect(() => {
    readRange(true);
    const element = scrollRef.current;
    if (!element) return;
    // Rows a scroll brings in are rendered in a transition: React renders them in slices of a few
    // milliseconds between frames instead of one task, so a fast fling never holds a frame for the rows
    // it mounts (the cursor's and open thread's rows are pinned, so focus never waits on it).
    const onScroll = () => startTransition(() => readRange());
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(() => readRange());
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize.disconnect();
      clearTimeout(settle.current);
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
      // Read now as a jump, so the scroll event that follows moves nothing and the row is drawn at once.
      latest.current.readRange(true);
    },
    [scrollRef],
  );

  const drawn = isFlung ? { first: 0, last: -1 } : range;
  const rows: WindowRow[] = rowIndexes(drawn, pinned, count).map((index) => ({
    index,
    key: keyOf(index),
    start: index * rowHeight,
    size: rowHeight,
  }));
  return { rows, range, isFlung, totalSize: count * rowHeight, scrollToIndex };
}
