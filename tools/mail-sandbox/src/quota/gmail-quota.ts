/** Gmail's published per-user limit: 250 quota units per second, as a token bucket. */
export type GmailQuota = {
  isEnabled: boolean;
  unitsPerSecond: number;
  buckets: Map<string, { units: number; updatedAt: number }>;
};

export type QuotaDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

export const GMAIL_UNITS_PER_SECOND = 250;

export function createGmailQuota(): GmailQuota {
  return { isEnabled: false, unitsPerSecond: GMAIL_UNITS_PER_SECOND, buckets: new Map() };
}

export function consumeGmailUnits(
  quota: GmailQuota,
  mailbox: string,
  cost: number,
  now: number,
): QuotaDecision {
  if (!quota.isEnabled || cost <= 0) return { isAllowed: true };
  const rate = quota.unitsPerSecond;
  const bucket = quota.buckets.get(mailbox) ?? { units: rate, updatedAt: now };
  bucket.units = Math.min(rate, bucket.units + ((now - bucket.updatedAt) / 1000) * rate);
  bucket.updatedAt = now;
  quota.buckets.set(mailbox, bucket);
  if (bucket.units >= cost) {
    bucket.units -= cost;
    return { isAllowed: true };
  }
  const missing = Math.min(cost, rate) - bucket.units;
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / rate)) };
}
