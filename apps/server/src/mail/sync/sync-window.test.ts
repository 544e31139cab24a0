import { describe, expect, it } from 'vitest';
import { syncWindowStart } from './sync-window';

const now = new Date('2025-06-30T12:00:00Z');

describe('sync window', () => {
  it('starts at the reset baseline after a reset, else the configured start, else daysBack ago', () => {
    expect(
      syncWindowStart(
        {
          post_reset_state: true,
          reset_baseline_date: '2025-06-01T00:00:00Z',
          sync_from_date: '2025-05-01T00:00:00Z',
        },
        7,
        now,
      ).toISOString(),
    ).toBe('2025-06-01T00:00:00.000Z');
    expect(syncWindowStart({ sync_from_date: '2025-05-01T00:00:00Z' }, 7, now).toISOString()).toBe(
      '2025-05-01T00:00:00.000Z',
    );
    expect(syncWindowStart({}, 7, now).toISOString()).toBe('2025-06-23T12:00:00.000Z');
    expect(syncWindowStart({}, undefined, now).toISOString()).toBe('2025-05-31T12:00:00.000Z');
  });
});
