import { describe, expect, it } from 'vitest';
import { rowIndexes, scrollTopToReveal, visibleRange } from './row-window';

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
