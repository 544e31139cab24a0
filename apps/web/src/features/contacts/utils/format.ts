const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "2 hours ago", "yesterday", "3 days ago". */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** "21 Nov, 14:05". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "28 Nov 2026". */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}
