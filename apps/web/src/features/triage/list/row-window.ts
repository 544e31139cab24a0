/** One row the list renders: its index, its key and where it stands. */
export type WindowRow = { index: number; key: string; start: number; size: number };

/** The first and last row index (inclusive) to render; last < first when there are none. */
export type RowRange = { first: number; last: number };

/**
 * The rows to render for a scroll position, with every row `rowHeight` tall: those in the viewport plus
 * `overscan` on each side. A pure function of numbers, so a scroll frame costs the same at 100 or 1,000,000 rows.
 */
export function visibleRange(input: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): RowRange {
  const { scrollTop, viewportHeight, rowHeight, count, overscan } = input;
  if (count === 0 || rowHeight <= 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + viewportHeight) / rowHeight) - 1 + overscan);
  return { first: Math.min(first, count - 1), last: Math.max(last, Math.min(first, count - 1)) };
}

/** The range's indexes plus the pinned ones (cursor, open thread) that lie outside it, in order. */
export function rowIndexes(range: RowRange, pinned: readonly number[], count: number): number[] {
  const indexes: number[] = [];
  for (let index = range.first; index <= range.last; index++) indexes.push(index);
  const extra = pinned.filter(
    (index, position) =>
      index >= 0 &&
      index < count &&
      (index < range.first || index > range.last) &&
      pinned.indexOf(index) === position,
  );
  return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b);
}

/** The scrollTop that brings a row into view with the least movement (unchanged when it is already in view). */
export function scrollTopToReveal(input: {
  index: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
}): number {
  const { index, rowHeight, scrollTop, viewportHeight } = input;
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}
