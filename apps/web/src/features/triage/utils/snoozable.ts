import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';

const SNOOZABLE = new Set(['inbox', 'later', 'low_priority', 'scheduled']);

/** Whether a thread may be snoozed: its newest item is in Triage (not Sent, Drafts or Cleared). */
export function canSnooze(group: ThreadGroupDto): boolean {
  const latest = group.latestEmail;
  const folder = latest.metadata?.exchange_folder_state;
  return SNOOZABLE.has(latest.status) && folder !== 'archive' && folder !== 'archived';
}

/** Whether a thread is snoozed: its newest item waits in Scheduled with a return time. */
export function isSnoozed(group: ThreadGroupDto): boolean {
  return group.latestEmail.status === 'scheduled' && Boolean(group.latestEmail.snoozedUntil);
}
