import { describe, expect, it } from 'vitest';
import { clampPanelSizes } from './panel-sizes';

describe('clampPanelSizes', () => {
  it('keeps sizes inside the limits', () => {
    expect(clampPanelSizes({ left: 55, right: 45 })).toEqual({ left: 55, right: 45 });
  });

  it('clamps the left pane to 25..75 and keeps the sum at 100', () => {
    expect(clampPanelSizes({ left: 10, right: 90 })).toEqual({ left: 25, right: 75 });
    expect(clampPanelSizes({ left: 90, right: 10 })).toEqual({ left: 75, right: 25 });
  });

  it('derives the right pane from the left so it is at least 25', () => {
    expect(clampPanelSizes({ left: 70, right: 5 })).toEqual({ left: 70, right: 30 });
  });

  it('falls back to 60/40 for missing or broken input', () => {
    expect(clampPanelSizes(null)).toEqual({ left: 60, right: 40 });
    expect(clampPanelSizes({ left: Number.NaN })).toEqual({ left: 60, right: 40 });
  });
});
