import type { CountsResponse } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { isInView } from '@ledgerdesk/domain/triage/view-criteria';

export type TriageCountsValue = CountsResponse['counts'];

type CountedFields = Pick<TriageItem, 'isRead' | 'status' | 'metadata'> &
  Partial<Pick<TriageItem, 'snoozedUntil'>>;

/**
 * Which sidebar badges an item counts towards (the server's /api/triage/counts rules: unread items, and every
 * scheduled item for Scheduled).
 */
function badgesOf(item: CountedFields): TriageCountsValue {
  const isUnread = !item.isRead;
  return {
    triage: Number(isUnread && isInView(item, 'inbox')),
    later: Number(isUnread && item.status === 'later'),
    scheduled: Number(item.status === 'scheduled'),
    drafts: Number(isUnread && item.status === 'drafts'),
  };
}

/** The sidebar counts after items change from `before` to `after` (matched by position). */
export function adjustCounts(
  counts: TriageCountsValue,
  before: readonly CountedFields[],
  after: readonly CountedFields[],
): TriageCountsValue {
  const next = { ...counts };
  before.forEach((item, index) => {
    const changed = after[index];
    if (!changed) return;
    const old = badgesOf(item);
    const now = badgesOf(changed);
    for (const key of ['triage', 'later', 'scheduled', 'drafts'] as const) {
      next[key] = Math.max(0, next[key] + now[key] - old[key]);
    }
  });
  return next;
}
