import { describe, expect, it } from 'vitest';
import { consumeGmailUnits, createGmailQuota } from './gmail-quota';
import { createGraphThrottle, enterGraph, releaseGraph } from './graph-throttle';

describe('Graph throttle', () => {
  it('admits 4 concurrent requests per mailbox and answers the fifth with Retry-After', () => {
    const throttle = { ...createGraphThrottle(), isEnabled: true };
    for (let i = 0; i < 4; i++) expect(enterGraph(throttle, 'a@x.test', 0).isAllowed).toBe(true);
    expect(enterGraph(throttle, 'a@x.test', 0)).toEqual({ isAllowed: false, retryAfterSeconds: 1 });
    expect(enterGraph(throttle, 'b@x.test', 0).isAllowed).toBe(true);
    releaseGraph(throttle, 'a@x.test');
    expect(enterGraph(throttle, 'a@x.test', 0).isAllowed).toBe(true);
  });

  it('allows 10,000 requests per 10 minutes and says when the window frees up', () => {
    const throttle = { ...createGraphThrottle(), isEnabled: true };
    for (let i = 0; i < 10_000; i++) {
      expect(enterGraph(throttle, 'a@x.test', i * 10).isAllowed).toBe(true);
      releaseGraph(throttle, 'a@x.test');
    }
    expect(enterGraph(throttle, 'a@x.test', 100_000)).toEqual({ isAllowed: false, retryAfterSeconds: 500 });
    expect(enterGraph(throttle, 'a@x.test', 600_001).isAllowed).toBe(true);
  });
});

describe('Gmail quota', () => {
  it('lets a client that obeys Retry-After reach the 250 units/s floor', () => {
    const quota = { ...createGmailQuota(), isEnabled: true };
    let now = 0;
    let units = 0;
    while (now < 10_000) {
      const decision = consumeGmailUnits(quota, 'a@x.test', 5, now);
      if (decision.isAllowed) units += 5;
      else if (decision.limit === 'burst') now += decision.retryAfterSeconds * 1000;
      else throw new Error(`refused by the ${decision.limit} minute limit within 10 s`);
    }
    expect(units / 10).toBeGreaterThanOrEqual(250);
    expect(units / 10).toBeLessThanOrEqual(275);
  });

  it('caps a user at 15,000 units in a minute however fast the bucket refills (403 userRateLimitExceeded)', () => {
    const quota = { ...createGmailQuota(), isEnabled: true, unitsPerSecond: 1_000 };
    let units = 0;
    let refusal: string | null = null;
    for (let now = 0; now < 60_000 && !refusal; now += 100) {
      const decision = consumeGmailUnits(quota, 'a@x.test', 50, now);
      if (decision.isAllowed) units += 50;
      else if (decision.limit !== 'burst') refusal = decision.limit;
    }
    expect(units).toBe(15_000);
    expect(refusal).toBe('user');
  });
});
