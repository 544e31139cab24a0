/**
 * A token bucket per source address, in memory, that counts notifications, not posts (decision 030): a post is let
 * in while its source's bucket is not empty, then charged one token per notification it holds, so a large batch
 * may leave the bucket in debt and that source's next posts wait until it has refilled.
 */
export type SourceRateLimit = {
  /** Whether a post from this source may be read now (its bucket holds at least one token). */
  isAllowed(source: string, now?: number): boolean;
  /** Charges a post's notifications (at least one) to its source. */
  charge(source: string, notifications: number, now?: number): void;
};

/** Buckets kept at most; the least recently used are forgotten first when the map grows past it. */
const MAX_SOURCES = 10_000;

type Bucket = { tokens: number; at: number };

export function createSourceRateLimit(options: { perSecond: number; burst: number }): SourceRateLimit {
  const buckets = new Map<string, Bucket>();
  const refill = (source: string, now: number): Bucket => {
    const bucket = buckets.get(source) ?? { tokens: options.burst, at: now };
    bucket.tokens = Math.min(options.burst, bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond);
    bucket.at = now;
    buckets.delete(source);
    buckets.set(source, bucket);
    if (buckets.size > MAX_SOURCES) {
      const oldest = buckets.keys().next().value;
      if (oldest !== undefined) buckets.delete(oldest);
    }
    return bucket;
  };
  return {
    isAllowed: (source, now = Date.now()) => refill(source, now).tokens >= 1,
    charge(source, notifications, now = Date.now()) {
      refill(source, now).tokens -= Math.max(1, notifications);
    },
  };
}
