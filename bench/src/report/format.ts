/** Milliseconds for a table cell: one decimal under 100 ms, whole numbers above. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value < 100 ? `${value.toFixed(1)} ms` : `${Math.round(value).toLocaleString('en-US')} ms`;
}

/** Seconds with two decimals (one above 100 s). */
export function seconds(valueMs: number): string {
  if (!Number.isFinite(valueMs)) return '—';
  const value = valueMs / 1000;
  return value < 100 ? `${value.toFixed(2)} s` : `${value.toFixed(1)} s`;
}

/** A ratio such as 23.4×. */
export function ratio(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value < 10 ? `${value.toFixed(2)}×` : `${value.toFixed(1)}×`;
}

/** A whole number with thousands separators. */
export function count(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—';
}

/** Bytes as KB (1,024 bytes) with one decimal. */
export function kilobytes(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '—';
}

/** "met" or a plain "**missed**", for the Target column's verdict. */
export function verdict(isMet: boolean | null): string {
  if (isMet === null) return '—';
  return isMet ? 'met' : '**missed**';
}
