/**
 * "Cleared by Sam, 10:42": the last action someone took on an item of a shared mailbox, kept in the item's
 * metadata as `shared_activity` (written by the server, never trusted from a client) and shown on the thread.
 */
export type SharedActivity = { action: SharedAction; by_user_id: string; by_name: string; at: string };

export type SharedAction = 'cleared' | 'moved_to_inbox' | 'later' | 'read' | 'unread' | 'updated';

const LABELS: Record<SharedAction, string> = {
  cleared: 'Cleared',
  moved_to_inbox: 'Moved to Inbox',
  later: 'Moved to Later',
  read: 'Marked read',
  unread: 'Marked unread',
  updated: 'Updated',
};

/** What a patch did, in the words of the thread's activity line. */
export function sharedActionOf(patch: { status?: string; isRead?: boolean }): SharedAction {
  if (patch.status === 'cleared') return 'cleared';
  if (patch.status === 'inbox') return 'moved_to_inbox';
  if (patch.status === 'later') return 'later';
  if (patch.isRead === true && patch.status === undefined) return 'read';
  if (patch.isRead === false && patch.status === undefined) return 'unread';
  return 'updated';
}

/**
 * Whether a patch replaces the thread's activity line. Marking read is what opening a thread does, so it never
 * hides the last deliberate action ("Cleared by Sam" stays after the owner opens the cleared thread).
 */
export function recordsSharedActivity(patch: { status?: string; isRead?: boolean }): boolean {
  return sharedActionOf(patch) !== 'read';
}

export function isSharedActivity(value: unknown): value is SharedActivity {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.action === 'string' &&
    v.action in LABELS &&
    typeof v.by_name === 'string' &&
    typeof v.at === 'string' &&
    !Number.isNaN(Date.parse(v.at))
  );
}

/** "Cleared by Sam, 10:42" (24-hour time, in `timeZone` when given). */
export function sharedActivityLabel(activity: SharedActivity, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(activity.at));
  return `${LABELS[activity.action]} by ${activity.by_name}, ${time}`;
}
