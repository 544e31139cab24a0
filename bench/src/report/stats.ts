/** Summary of a sample of durations in milliseconds. */
export type Summary = { n: number; p50: number; p95: number; min: number; max: number; mean: number };

/** The q-quantile (0..1) of a sample by linear interpolation between closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}

/** p50/p95/min/max/mean of a sample. */
export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  return {
    n,
    p50: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    min: n ? Math.min(...values) : Number.NaN,
    max: n ? Math.max(...values) : Number.NaN,
    mean: n ? values.reduce((sum, value) => sum + value, 0) / n : Number.NaN,
  };
}

/** The median of a sample. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
