import { describe, expect, it } from 'vitest';
import { mondayOf, sampleWeek } from './sample-week';

describe('sampleWeek', () => {
  it('lays the week on the Monday of the current week', () => {
    expect(mondayOf(new Date(2026, 10, 21)).getDate()).toBe(16); // a Saturday
    expect(mondayOf(new Date(2026, 10, 22)).getDate()).toBe(16); // the Sunday after
    expect(mondayOf(new Date(2026, 10, 16)).getDate()).toBe(16); // the Monday itself
  });
  it('gives Monday to Friday with dates, across a month end', () => {
    const week = sampleWeek(new Date(2026, 11, 1));
    expect(week.map((day) => `${day.day} ${day.date}`)).toEqual([
      'Monday 2026-11-30',
      'Tuesday 2026-12-01',
      'Wednesday 2026-12-02',
      'Thursday 2026-12-03',
      'Friday 2026-12-04',
    ]);
    expect(week.every((day) => day.tasks.length > 0)).toBe(true);
  });
});
