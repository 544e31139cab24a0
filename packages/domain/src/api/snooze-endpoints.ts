import type { TriageItem } from '../entities';

/** Paths, texts and the response of the snooze API (described in ./snooze.ts), without zod. */
export const SNOOZE_API = {
  snooze: '/api/triage/items/snooze',
  unsnooze: '/api/triage/items/unsnooze',
} as const;

export const SNOOZE_NOT_IN_TRIAGE = 'Only items in Triage can be snoozed.';

export type SnoozeResponse = { items: Pick<TriageItem, 'id' | 'status' | 'isRead' | 'snoozedUntil'>[] };
