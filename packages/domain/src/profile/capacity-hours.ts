import { CAPACITY_HOURS_DEFAULT, CAPACITY_HOURS_MAX, CAPACITY_HOURS_MIN } from '../constants';

/** Whether a value is a valid capacity: a whole number of hours from 1 to 80. */
export function isValidCapacityHours(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= CAPACITY_HOURS_MIN &&
    value <= CAPACITY_HOURS_MAX
  );
}

/** Parses a capacity entry: non-numeric becomes 40; numbers are rounded and clamped to 1..80. */
export function parseCapacityHours(input: string | number | null | undefined): number {
  const value = typeof input === 'number' ? input : Number.parseFloat((input ?? '').trim());
  if (!Number.isFinite(value)) return CAPACITY_HOURS_DEFAULT;
  return Math.min(CAPACITY_HOURS_MAX, Math.max(CAPACITY_HOURS_MIN, Math.round(value)));
}
