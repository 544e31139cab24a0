import { PROGRESS_BAR_MAX } from '@ledgerdesk/domain/constants';
import type { WorkStatus } from '@ledgerdesk/domain/entities';

const currency = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});
const dueDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Whole pounds, e.g. "£2,400" (negative when over budget). */
export function formatCurrency(amount: number): string {
  return currency.format(amount);
}

/** A due date as "28 Nov 2026". */
export function formatDueDate(iso: string): string {
  return dueDate.format(new Date(iso));
}

/** Progress as a whole percent, 0 when missing (spec §2), within 0..100. */
export function progressPercent(progress: number | undefined): number {
  return Math.min(PROGRESS_BAR_MAX, Math.max(0, Math.round(progress ?? 0)));
}

export const STATUS_LABELS: Record<WorkStatus, string> = {
  TO_DO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DONE: 'Done',
};

export const STATUS_ORDER: WorkStatus[] = ['TO_DO', 'IN_PROGRESS', 'DONE'];
