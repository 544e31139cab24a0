import { describe, expect, it } from 'vitest';
import {
  instantOf,
  isTimeZone,
  parseLocalDateTime,
  reminderPresetTime,
  SNOOZE_TOO_FAR,
  SNOOZE_TOO_SOON,
  snoozePresetTime,
  snoozeTimeProblem,
  toLocalDateTimeValue,
  wallTimeIn,
} from './snooze';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const iso = (date: Date) => date.toISOString();

describe('snoozePresetTime', () => {
  it('later today: three hours on, up to the next quarter hour', () => {
    expect(iso(snoozePresetTime('later-today', new Date('2026-03-10T14:07:00Z'), NY))).toBe(
      '2026-03-10T17:15:00.000Z',
    );
    expect(iso(snoozePresetTime('later-today', new Date('2026-03-10T14:00:00Z'), NY))).toBe(
      '2026-03-10T17:00:00.000Z',
    );
  });

  it('tomorrow morning is 08:00 in the zone, across the spring-forward change', () => {
    // New York springs forward on 2026-03-08 at 02:00: 08:00 EST on the 7th, 08:00 EDT on the 8th.
    expect(iso(snoozePresetTime('tomorrow-morning', new Date('2026-03-06T20:00:00Z'), NY))).toBe(
      '2026-03-07T13:00:00.000Z',
    );
    expect(iso(snoozePresetTime('tomorrow-morning', new Date('2026-03-07T20:00:00Z'), NY))).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('tomorrow morning across the fall-back change, and late in the evening', () => {
    // London falls back on 2026-10-25: 08:00 BST on the 24th is 07:00Z, 08:00 GMT on the 25th is 08:00Z.
    expect(iso(snoozePresetTime('tomorrow-morning', new Date('2026-10-23T22:30:00Z'), LONDON))).toBe(
      '2026-10-24T07:00:00.000Z',
    );
    expect(iso(snoozePresetTime('tomorrow-morning', new Date('2026-10-24T22:30:00Z'), LONDON))).toBe(
      '2026-10-25T08:00:00.000Z',
    );
    // 23:30 on Saturday in New York is already Sunday in UTC: tomorrow is still Sunday in New York.
    expect(iso(snoozePresetTime('tomorrow-morning', new Date('2026-05-10T03:30:00Z'), NY))).toBe(
      '2026-05-10T12:00:00.000Z',
    );
  });

  it('next week is the coming Monday at 08:00, a full week on from a Monday', () => {
    // 2026-11-25 is a Wednesday.
    expect(iso(snoozePresetTime('next-week', new Date('2026-11-25T10:00:00Z'), LONDON))).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    // 2026-11-30 is a Monday.
    expect(iso(snoozePresetTime('next-week', new Date('2026-11-30T10:00:00Z'), LONDON))).toBe(
      '2026-12-07T08:00:00.000Z',
    );
    // Sunday → the next day.
    expect(iso(snoozePresetTime('next-week', new Date('2026-11-29T10:00:00Z'), 'UTC'))).toBe(
      '2026-11-30T08:00:00.000Z',
    );
  });
});

describe('instantOf', () => {
  it('moves a wall time skipped by spring forward past the gap', () => {
    // 02:30 does not exist in New York on 2026-03-08: it becomes 03:30 EDT (07:30Z).
    expect(iso(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NY))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('takes the first of a repeated fall-back hour', () => {
    // 01:30 happens twice in New York on 2026-11-01: first at EDT (05:30Z).
    expect(iso(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NY))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('round-trips ordinary times in zones with half-hour offsets', () => {
    const wall = { year: 2026, month: 7, day: 1, hour: 9, minute: 15 };
    const instant = instantOf(wall, 'Asia/Kolkata');
    expect(iso(instant)).toBe('2026-07-01T03:45:00.000Z');
    expect(wallTimeIn(instant, 'Asia/Kolkata')).toMatchObject(wall);
  });
});

describe('reminders and the picker', () => {
  it('a reminder keeps the wall-clock time across a change', () => {
    // Friday 2026-03-06 09:00 EST + 3 days = Monday 09:00 EDT.
    expect(iso(reminderPresetTime('3d', new Date('2026-03-06T14:00:00Z'), NY))).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(iso(reminderPresetTime('1w', new Date('2026-03-06T14:00:00Z'), NY))).toBe(
      '2026-03-13T13:00:00.000Z',
    );
  });

  it('parses and writes datetime-local values in the zone', () => {
    expect(iso(parseLocalDateTime('2026-03-29T09:30', LONDON) as Date)).toBe('2026-03-29T08:30:00.000Z');
    expect(parseLocalDateTime('2026-02-30T09:30', LONDON)).toBeNull();
    expect(parseLocalDateTime('tomorrow', LONDON)).toBeNull();
    expect(toLocalDateTimeValue(new Date('2026-03-29T08:30:00Z'), LONDON)).toBe('2026-03-29T09:30');
  });

  it('refuses times too soon or too far', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(snoozeTimeProblem(new Date('2026-01-01T00:00:30Z'), now)).toBe(SNOOZE_TOO_SOON);
    expect(snoozeTimeProblem(new Date('2028-01-01T00:00:00Z'), now)).toBe(SNOOZE_TOO_FAR);
    expect(snoozeTimeProblem(new Date('2026-01-02T00:00:00Z'), now)).toBeNull();
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
