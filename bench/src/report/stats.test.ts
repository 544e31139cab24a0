import { describe, expect, it } from 'vitest';
import { median, quantile, summarize } from './stats';

describe('quantile', () => {
  it('interpolates between closest ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20, 30, 40, 50], 0.95)).toBeCloseTo(48);
  });

  it('does not depend on the input order', () => {
    expect(quantile([5, 1, 4, 2, 3], 0.5)).toBe(3);
  });

  it('is NaN for an empty sample', () => {
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('summarize', () => {
  it('reports p50, p95, min, max and mean', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(summarize(values)).toEqual({ n: 100, p50: 50.5, p95: 95.05, min: 1, max: 100, mean: 50.5 });
  });

  it('takes the median of a single value as itself', () => {
    expect(median([7])).toBe(7);
  });
});
