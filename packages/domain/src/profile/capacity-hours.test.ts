import { describe, expect, it } from 'vitest';
import { isValidCapacityHours, parseCapacityHours } from './capacity-hours';

describe('parseCapacityHours', () => {
  it('turns a non-numeric entry into 40', () => {
    expect(parseCapacityHours('abc')).toBe(40);
    expect(parseCapacityHours('')).toBe(40);
    expect(parseCapacityHours(null)).toBe(40);
    expect(parseCapacityHours(Number.NaN)).toBe(40);
  });

  it('keeps numbers inside 1..80', () => {
    expect(parseCapacityHours('37')).toBe(37);
    expect(parseCapacityHours(80)).toBe(80);
  });

  it('clamps to 1..80 and rounds to whole hours', () => {
    expect(parseCapacityHours('0')).toBe(1);
    expect(parseCapacityHours('-5')).toBe(1);
    expect(parseCapacityHours('120')).toBe(80);
    expect(parseCapacityHours('37.6')).toBe(38);
  });
});

describe('isValidCapacityHours', () => {
  it('accepts whole numbers from 1 to 80 only', () => {
    expect([1, 40, 80].every(isValidCapacityHours)).toBe(true);
    expect([0, 81, 2.5, '40', Number.NaN].some(isValidCapacityHours)).toBe(false);
  });
});
