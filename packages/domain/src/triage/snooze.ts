/**
 * Snooze ("Snooze until…") and follow-up reminder times, in the user's own time zone (an IANA name kept in the
 * profile). Wall-clock arithmetic is done on the zone's calendar, so "Tomorrow morning" is 08:00 there on
 * either side of a daylight-saving change. Pure: the current time is always passed in.
 */

export type SnoozePreset = 'later-today' | 'tomorrow-morning' | 'next-week';
export type ReminderPreset = '1d' | '3d' | '1w';

export const SNOOZE_PRESETS: readonly { id: SnoozePreset; label: string }[] = [
  { id: 'later-today', label: 'Later today' },
  { id: 'tomorrow-morning', label: 'Tomorrow morning' },
  { id: 'next-week', label: 'Next week' },
];

export const REMINDER_PRESETS: readonly { id: ReminderPreset; label: string; days: number }[] = [
  { id: '1d', label: '1 day', days: 1 },
  { id: '3d', label: '3 days', days: 3 },
  { id: '1w', label: '1 week', days: 7 },
];

/** Hours added by "Later today", then rounded up to the next quarter hour. */
export const LATER_TODAY_HOURS = 3;
/** The local hour "Tomorrow morning" and "Next week" (Monday) return at. */
export const MORNING_HOUR = 8;
/** A snooze or reminder must be at least this far ahead, and at most this far. */
export const SNOOZE_MIN_AHEAD_MS = 60_000;
export const SNOOZE_MAX_AHEAD_DAYS = 366;
export const DEFAULT_TIME_ZONE = 'UTC';

export const SNOOZE_TOO_SOON = 'Choose a time at least a minute from now.';
export const SNOOZE_TOO_FAR = `Choose a time within ${SNOOZE_MAX_AHEAD_DAYS} days.`;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time (and weekday, 0 = Sunday) of an instant in a zone. */
export function wallTimeIn(instant: Date, zone: string): WallTime & { weekday: number; second: number } {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays.indexOf(String(parts.weekday)),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const wall = wallTimeIn(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time in a zone names. A time skipped by a spring-forward change moves forward by
 * the gap (02:30 becomes 03:30); a time that happens twice in the fall-back hour is its first occurrence.
 */
export function instantOf(wall: WallTime, zone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two passes settle the offset; the earlier candidate wins for a repeated hour.
  const first = naive - offsetAt(new Date(naive), zone);
  const second = naive - offsetAt(new Date(first), zone);
  const candidates = [first, second].filter((candidate) => {
    const back = wallTimeIn(new Date(candidate), zone);
    return back.hour === wall.hour && back.minute === wall.minute && back.day === wall.day;
  });
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // Skipped by a spring-forward change: the same distance past the change.
  return new Date(Math.max(first, second));
}

/** The calendar day `days` after a wall date (month and year roll over). */
function addDays(wall: WallTime, days: number): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const QUARTER_HOUR_MS = 15 * 60_000;

/** When a snooze preset returns the item, seen from `now` in `zone`. */
export function snoozePresetTime(preset: SnoozePreset, now: Date, zone: string): Date {
  const today = wallTimeIn(now, zone);
  switch (preset) {
    case 'later-today': {
      const ahead = now.getTime() + LATER_TODAY_HOURS * 3_600_000;
      return new Date(Math.ceil(ahead / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
    }
    case 'tomorrow-morning':
      return instantOf({ ...addDays(today, 1), hour: MORNING_HOUR, minute: 0 }, zone);
    case 'next-week': {
      // The coming Monday (a week on from a Monday), in the morning.
      const daysToMonday = (8 - today.weekday) % 7 || 7;
      return instantOf({ ...addDays(today, daysToMonday), hour: MORNING_HOUR, minute: 0 }, zone);
    }
  }
}

/** When a follow-up reminder fires: the same wall-clock time `days` later in the zone. */
export function reminderPresetTime(preset: ReminderPreset, now: Date, zone: string): Date {
  const days = REMINDER_PRESETS.find((entry) => entry.id === preset)?.days ?? 1;
  const wall = wallTimeIn(now, zone);
  return instantOf(addDays(wall, days), zone);
}

/** Parses the value of a datetime-local input ("2026-03-29T09:30") as a wall-clock time in the zone. */
export function parseLocalDateTime(value: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1) return null;
  return instantOf({ year, month, day, hour, minute }, zone);
}

/** The datetime-local value of an instant in a zone (for a picker's default and minimum). */
export function toLocalDateTimeValue(instant: Date, zone: string): string {
  const wall = wallTimeIn(instant, zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** Why a chosen return time cannot be used, or null when it can. */
export function snoozeTimeProblem(until: Date, now: Date): string | null {
  if (Number.isNaN(until.getTime())) return SNOOZE_TOO_SOON;
  if (until.getTime() - now.getTime() < SNOOZE_MIN_AHEAD_MS) return SNOOZE_TOO_SOON;
  if (until.getTime() - now.getTime() > SNOOZE_MAX_AHEAD_DAYS * 86_400_000) return SNOOZE_TOO_FAR;
  return null;
}

/** "Mon 9 Mar, 08:00" in the zone: the label beside a preset. */
export function shortWhen(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}
