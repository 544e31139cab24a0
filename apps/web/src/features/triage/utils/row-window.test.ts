import { describe, expect, it } from 'vitest';
import { rowIndexes, scrollTopToReveal, slotCapacity, slotKeys, visibleRange } from './row-window';

describe('visibleRange', () => {
  it('covers the viewport plus the overscan on each side, clamped to the list', () => {
    expect(
      visibleRange({ scrollTop: 0, viewportHeight: 400, rowHeight: 40, count: 100, overscan: 2 }),
    ).toEqual({
      first: 0,
      last: 11,
    });
    expect(
      visibleRange({ scrollTop: 1000, viewportHeight: 400, rowHeight: 40, count: 100, overscan: 2 }),
    ).toEqual({ first: 23, last: 36 });
    expect(
      visibleRange({ scrollTop: 3900, viewportHeight: 400, rowHeight: 40, count: 100, overscan: 2 }),
    ).toEqual({ first: 95, last: 99 });
  });

  it('costs the same at a million rows and renders none of an empty list', () => {
    expect(
      visibleRange({
        scrollTop: 39_999_000,
        viewportHeight: 800,
        rowHeight: 40,
        count: 1_000_000,
        overscan: 12,
      }),
    ).toEqual({ first: 999_963, last: 999_999 });
    expect(
      visibleRange({ scrollTop: 0, viewportHeight: 800, rowHeight: 40, count: 0, overscan: 12 }),
    ).toEqual({
      first: 0,
      last: -1,
    });
  });
});

describe('rowIndexes', () => {
  it('adds the pinned rows outside the range once each, in order, and ignores those out of the list', () => {
    expect(rowIndexes({ first: 10, last: 12 }, [3, 11, 3, 50, -1], 20)).toEqual([3, 10, 11, 12]);
  });
});

describe('scrollTopToReveal', () => {
  const base = { rowHeight: 40, scrollTop: 400, viewportHeight: 200 };
  it('moves as little as it can: row above to the top, row below to the bottom, a visible row not at all', () => {
    expect(scrollTopToReveal({ ...base, index: 5 })).toBe(200);
    expect(scrollTopToReveal({ ...base, index: 20 })).toBe(640);
    expect(scrollTopToReveal({ ...base, index: 12 })).toBe(400);
  });
});

describe('slotKeys', () => {
  const keysAt = (first: number, last: number, pinned: number[], capacity: number) => {
    const range = { first, last };
    const indexes = rowIndexes(range, pinned, 1_000);
    return Object.fromEntries(slotKeys(indexes, range, capacity).map((key, at) => [indexes[at], key]));
  };

  it('gives every row of the range its own slot, and a row scrolled in the slot of the one scrolled out', () => {
    const before = keysAt(0, 4, [], 6);
    expect(Object.values(before)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    const after = keysAt(3, 7, [], 6);
    // Rows 3 and 4 keep their elements; rows 6 and 7 take over those of rows 0 and 1.
    expect(after).toEqual({ 3: 's3', 4: 's4', 5: 's5', 6: 's0', 7: 's1' });
    expect(new Set(Object.values(keysAt(117, 121, [], 6))).size).toBe(5);
  });

  it('keeps a pinned row on its slot when scrolled away; the range row on that slot takes a key of its own', () => {
    const keys = keysAt(10, 14, [2], 6);
    expect(keys[2]).toBe('s2');
    expect(keys[14]).toBe('i14');
    expect(new Set(Object.values(keys)).size).toBe(6);
  });

  it('never gives two pinned rows one key', () => {
    const keys = keysAt(20, 22, [2, 8], 6);
    expect(keys[2]).toBe('s2');
    expect(keys[8]).toBe('i8');
    expect(new Set(Object.values(keys)).size).toBe(5);
  });

  it('has a slot for every row a viewport and its overscan can show', () => {
    const capacity = slotCapacity({ viewportHeight: 810, rowHeight: 40, overscan: 12 });
    const range = visibleRange({
      scrollTop: 1_234,
      viewportHeight: 810,
      rowHeight: 40,
      count: 10_000,
      overscan: 12,
    });
    expect(range.last - range.first + 1).toBeLessThanOrEqual(capacity);
  });
});
