const UNITS: readonly { unit: string; ms: number }[] = [
  { unit: 'year', ms: 365 * 24 * 60 * 60 * 1000 },
  { unit: 'month', ms: 30 * 24 * 60 * 60 * 1000 },
  { unit: 'day', ms: 24 * 60 * 60 * 1000 },
  { unit: 'hour', ms: 60 * 60 * 1000 },
  { unit: 'minute', ms: 60 * 1000 },
];

/** "x ago" for a past time ("less than a minute ago", "5 minutes ago", "1 day ago"); future times read "in x". */
export function formatRelativeTime(date: string | Date, now: Date): string {
  const then = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(then)) return '';
  const diff = now.getTime() - then;
  const abs = Math.abs(diff);
  for (const { unit, ms } of UNITS) {
    if (abs >= ms) {
      const count = Math.floor(abs / ms);
      const phrase = `${count} ${unit}${count === 1 ? '' : 's'}`;
      return diff >= 0 ? `${phrase} ago` : `in ${phrase}`;
    }
  }
  return diff >= 0 ? 'less than a minute ago' : 'in less than a minute';
}

/**
 * "x ago" for something that has happened (a comment, a received email, an assignment): a time a little ahead
 * of this device's clock (the server's clock runs ahead, or the row arrived a moment early) reads as now, never
 * as "in less than a minute".
 */
export function formatTimeAgo(date: string | Date, now: Date): string {
  const then = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (Number.isNaN(then)) return '';
  return formatRelativeTime(new Date(Math.min(then, now.getTime())), now);
}
