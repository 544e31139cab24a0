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

/** How many slots the rows of a viewport need: every row of the range gets a slot of its own. */
export function slotCapacity(input: { viewportHeight: number; rowHeight: number; overscan: number }): number {
  const { viewportHeight, rowHeight, overscan } = input;
  return Math.max(1, Math.ceil(viewportHeight / Math.max(1, rowHeight))) + 2 * overscan + 2;
}

/**
 * The React key of each rendered row: its slot, `index mod capacity`, so a row scrolled out hands its DOM
 * to the row scrolled in — React updates the text and position of an element that already exists instead of
 * removing one and creating another (a fling replaces every row each frame: creating them was most of the
 * frame's style, layout and garbage). A pinned row outside the range keeps its slot, so the focused row keeps
 * its element (and focus) wherever the list is scrolled; a row of the range whose slot it holds takes a key of
 * its own for that time. `indexes` are rowIndexes' answer for the same range.
 */
export function slotKeys(indexes: readonly number[], range: RowRange, capacity: number): string[] {
  const taken = new Set<number>();
  for (const index of indexes) {
    if (index < range.first || index > range.last) taken.add(index % capacity);
  }
  const pinnedSlots = new Set<number>();
  return indexes.map((index) => {
    const slot = index % capacity;
    if (index >= range.first && index <= range.last) return taken.has(slot) ? `i${index}` : `s${slot}`;
    // Two pinned rows outside the range on one slot: the second is keyed by its index.
    if (pinnedSlots.has(slot)) return `i${index}`;
    pinnedSlots.add(slot);
    return `s${slot}`;
  });
}
