/** A token bucket per source address, in memory: webhooks from one address beyond the rate answer 429. */
export type SourceRateLimit = { isAllowed(source: string, now?: number): boolean };

/** Buckets kept at most; the fullest (idle) ones are forgotten first when the map grows past it. */
const MAX_SOURCES = 10_000;

export function createSourceRateLimit(options: { perSecond: number; burst: number }): SourceRateLimit {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    isAllowed(source, now = Date.now()) {
      const bucket = buckets.get(source) ?? { tokens: options.burst, at: now };
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond);
      bucket.at = now;
      buckets.delete(source);
      buckets.set(source, bucket);
      if (buckets.size > MAX_SOURCES) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
