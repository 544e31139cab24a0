import type { ThreadGroup, TriageItem } from '../entities';

/** The thread key of an item: its email thread id, or "single-" plus the item id. */
export function threadKey(item: Pick<TriageItem, 'id' | 'emailThreadId'>): string {
  return item.emailThreadId ? item.emailThreadId : `single-${item.id}`;
}

function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Orders items newest first (ties by id, for a stable order). */
export function compareNewestFirst(
  a: Pick<TriageItem, 'id' | 'time'>,
  b: Pick<TriageItem, 'id' | 'time'>,
): number {
  const byTime = timeOf(b.time) - timeOf(a.time);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function toGroup(id: string, items: TriageItem[], selectedItemId: string | null): ThreadGroup {
  const emails = [...items].sort(compareNewestFirst);
  const latestEmail = emails[0]!;
  const participants = [...new Set(emails.map((email) => email.fromAddress))];
  return {
    id,
    isThread: emails.length > 1,
    emails,
    latestEmail,
    subject: latestEmail.subject,
    participants,
    unreadCount: emails.filter((email) => !email.isRead).length,
    lastActivity: latestEmail.time,
    isSelected: selectedItemId != null && emails.some((email) => email.id === selectedItemId),
  };
}

/** Groups items into threads (by email thread id), emails newest first, groups by latest activity desc. */
export function groupIntoThreads(
  items: readonly TriageItem[],
  selectedItemId: string | null = null,
): ThreadGroup[] {
  const byKey = new Map<string, TriageItem[]>();
  for (const item of items) {
    const key = threadKey(item);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(item);
    else byKey.set(key, [item]);
  }
  const groups = [...byKey].map(([key, bucket]) => toGroup(key, bucket, selectedItemId));
  return groups.sort((a, b) => compareNewestFirst(a.latestEmail, b.latestEmail));
}
