import type { QuotaDecision } from './gmail-quota';

/** Outlook limits on Graph: 4 concurrent requests and 10,000 requests per 10 minutes per mailbox. */
export type GraphThrottle = {
  isEnabled: boolean;
  concurrency: number;
  windowLimit: number;
  windowMs: number;
  inFlight: Map<string, number>;
  windows: Map<string, number[]>;
};

export function createGraphThrottle(): GraphThrottle {
  return {
    isEnabled: false,
    concurrency: 4,
    windowLimit: 10_000,
    windowMs: 10 * 60_000,
    inFlight: new Map(),
    windows: new Map(),
  };
}

/** Admits a request (the caller must call releaseGraph when it finishes) or says how long to wait. */
export function enterGraph(throttle: GraphThrottle, mailbox: string, now: number): QuotaDecision {
  if (!throttle.isEnabled) return { isAllowed: true };
  const inFlight = throttle.inFlight.get(mailbox) ?? 0;
  if (inFlight >= throttle.concurrency) return { isAllowed: false, retryAfterSeconds: 1 };
  const window = throttle.windows.get(mailbox) ?? [];
  let expired = 0;
  while (expired < window.length && (window[expired] ?? 0) <= now - throttle.windowMs) expired++;
  if (expired > 0) window.splice(0, expired);
  if (window.length >= throttle.windowLimit) {
    const oldest = window[0] ?? now;
    return {
      isAllowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + throttle.windowMs - now) / 1000)),
    };
  }
  window.push(now);
  throttle.windows.set(mailbox, window);
  throttle.inFlight.set(mailbox, inFlight + 1);
  return { isAllowed: true };
}

export function releaseGraph(throttle: GraphThrottle, mailbox: string): void {
  const inFlight = throttle.inFlight.get(mailbox) ?? 0;
  if (inFlight <= 1) throttle.inFlight.delete(mailbox);
  else throttle.inFlight.set(mailbox, inFlight - 1);
}
