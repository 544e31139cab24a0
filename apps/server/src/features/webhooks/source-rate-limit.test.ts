import { describe, expect, it } from 'vitest';
import { createSourceRateLimit } from './source-rate-limit';

describe('createSourceRateLimit', () => {
  it('lets a burst of posts through, refuses beyond it, refills with time, and keeps sources apart', () => {
    const limit = createSourceRateLimit({ perSecond: 10, burst: 20 });
    const at = 1_000_000;
    const first = Array.from({ length: 25 }, () => {
      const isAllowed = limit.isAllowed('203.0.113.1', at);
      if (isAllowed) limit.charge('203.0.113.1', 0, at);
      return isAllowed;
    });
    expect(first.filter(Boolean)).toHaveLength(20);
    expect(limit.isAllowed('203.0.113.2', at)).toBe(true);
    expect(limit.isAllowed('203.0.113.1', at + 50)).toBe(false);
    expect(limit.isAllowed('203.0.113.1', at + 200)).toBe(true);
  });

  it('counts notifications, not posts: one large batch uses up the bucket and the next post waits for the refill', () => {
    const limit = createSourceRateLimit({ perSecond: 1000, burst: 2000 });
    const at = 2_000_000;
    expect(limit.isAllowed('203.0.113.1', at)).toBe(true);
    limit.charge('203.0.113.1', 1000, at);
    expect(limit.isAllowed('203.0.113.1', at)).toBe(true);
    limit.charge('203.0.113.1', 1000, at);
    expect(limit.isAllowed('203.0.113.1', at)).toBe(false);
    // A batch bigger than what is left is still read (no legitimate batch is refused for its size) ...
    expect(limit.isAllowed('203.0.113.1', at + 500)).toBe(true);
    limit.charge('203.0.113.1', 1000, at + 500);
    // ... and leaves a debt that the source's next posts wait out.
    expect(limit.isAllowed('203.0.113.1', at + 900)).toBe(false);
    expect(limit.isAllowed('203.0.113.1', at + 1001)).toBe(true);
  });
});
