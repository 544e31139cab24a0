// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLING_SETTLE_MS, isFling, useRowWindow } from './use-row-window';

// A list of 10,000 rows of 40 px in a 400 px viewport (10 rows in view, 2 of overscan each side). happy-dom lays
// nothing out, so the scroller's height and scroll position are given to it; scroll events are dispatched as
// the browser would after each move.

const ROW_HEIGHT = 40;
const VIEWPORT = 400;

function scroller() {
  const element = document.createElement('div');
  let top = 0;
  Object.defineProperty(element, 'clientHeight', { get: () => VIEWPORT });
  Object.defineProperty(element, 'scrollTop', {
    get: () => top,
    set: (value: number) => {
      top = value;
    },
  });
  document.body.append(element);
  return element;
}

function renderWindow(pinned: number[] = []) {
  const element = scroller();
  const ref = { current: element };
  const hook = renderHook(() =>
    useRowWindow({
      scrollRef: ref,
      count: 10_000,
      rowHeight: ROW_HEIGHT,
      overscan: 2,
      pinned,
      keyOf: (index) => `row-${index}`,
    }),
  );
  const scrollTo = (top: number) =>
    act(() => {
      element.scrollTop = top;
      element.dispatchEvent(new Event('scroll'));
    });
  const drawn = () => hook.result.current.rows.map((row) => row.index);
  return { hook, scrollTo, drawn };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('isFling', () => {
  it('is a move of a whole viewport or more, either way', () => {
    expect(isFling(400, 400)).toBe(true);
    expect(isFling(-1_200, 400)).toBe(true);
    expect(isFling(399, 400)).toBe(false);
    expect(isFling(0, 400)).toBe(false);
    // A list not laid out yet has no viewport: nothing counts as a fling.
    expect(isFling(5_000, 0)).toBe(false);
  });
});

describe('useRowWindow while flung', () => {
  it('draws the rows in view, plus overscan, for a scroll of less than a viewport', () => {
    const { hook, scrollTo, drawn } = renderWindow();
    expect(drawn()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    scrollTo(200);
    expect(hook.result.current.isFlung).toBe(false);
    expect(drawn()[0]).toBe(3);
    expect(drawn().at(-1)).toBe(16);
  });

  it('draws no row while each scroll moves a viewport or more, and the rows in view once it rests', () => {
    const { hook, scrollTo, drawn } = renderWindow();
    scrollTo(VIEWPORT);
    scrollTo(VIEWPORT * 2);
    scrollTo(VIEWPORT * 3);
    expect(hook.result.current.isFlung).toBe(true);
    expect(drawn()).toEqual([]);
    // The range still follows the scroll: the list fetches the pages it comes to.
    expect(hook.result.current.range).toEqual({ first: 28, last: 41 });

    act(() => vi.advanceTimersByTime(FLING_SETTLE_MS - 1));
    expect(drawn()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current.isFlung).toBe(false);
    expect(drawn()[0]).toBe(28);
    expect(drawn()).toHaveLength(14);
  });

  it('draws the rows as soon as the scroll slows to less than a viewport', () => {
    const { hook, scrollTo, drawn } = renderWindow();
    scrollTo(20_000);
    expect(drawn()).toEqual([]);
    scrollTo(20_100);
    expect(hook.result.current.isFlung).toBe(false);
    expect(drawn()[0]).toBe(500);
  });

  it('keeps the pinned rows (the cursor, the open thread) drawn through a fling', () => {
    const { scrollTo, drawn } = renderWindow([3, 9_000]);
    scrollTo(40_000);
    expect(drawn()).toEqual([3, 9_000]);
  });

  it('draws a row the app scrolls to at once, even during a fling', () => {
    const { hook, scrollTo, drawn } = renderWindow();
    scrollTo(40_000);
    expect(drawn()).toEqual([]);
    act(() => hook.result.current.scrollToIndex(5_000));
    expect(hook.result.current.isFlung).toBe(false);
    expect(drawn()).toContain(5_000);
    // The scroll event that follows the app's own move is not a fling.
    act(() => {
      document.body.firstElementChild?.dispatchEvent(new Event('scroll'));
    });
    expect(drawn()).toContain(5_000);
  });
});
