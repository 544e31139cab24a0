import { describe, expect, it } from 'vitest';
import { createSourceRateLimit } from './source-rate-limit';

describe('createSourceRateLimit', () => {
  it('lets a burst through, refuses beyond it, refills with time, and keeps sources apart', () => {
    const limit = createSourceRateLimit({ perSecond: 10, burst: 20 });
    const at = 1_000_000;
    const first = Array.from({ length: 25 }, () => limit.isAllowed('203.0.113.1', at));
    expect(first.filter(Boolean)).toHaveLength(20);
    expect(limit.isAllowed('203.0.113.2', at)).toBe(true);
    expect(limit.isAllowed('203.0.113.1', at + 50)).toBe(false);
    expect(limit.isAllowed('203.0.113.1', at + 200)).toBe(true);
  });
});
