/**
 * Gmail's published usage limits (https://developers.google.com/gmail/api/reference/quota), stated per minute:
 * 15,000 units per user (→ 403 userRateLimitExceeded) and 1,200,000 per project (→ 403 rateLimitExceeded),
 * counted in minute windows. On top, a per-user token bucket of 250 units a second stands for the short-burst
 * limit Google answers with 429 rateLimitExceeded and a Retry-After.
 */
export type GmailQuota = {
  isEnabled: boolean;
  unitsPerSecond: number;
  userUnitsPerMinute: number;
  projectUnitsPerMinute: number;
  /** The length of a "minute" window; shorter only in tests. */
  minuteMs: number;
  buckets: Map<string, { units: number; updatedAt: number }>;
  /** Units spent per user (and, under PROJECT_KEY, by everyone) in the current minute window. */
  minutes: Map<string, { window: number; units: number }>;
};

/** A rate limit's answer (shared with Graph's throttle): allowed, or refused with a Retry-After. */
export type QuotaDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** Gmail's: a burst refusal carries a Retry-After; a minute limit's 403 does not. */
export type GmailQuotaDecision =
  | { isAllowed: true }
  | { isAllowed: false; limit: 'burst'; retryAfterSeconds: number }
  | { isAllowed: false; limit: 'user' | 'project' };

export const GMAIL_UNITS_PER_SECOND = 250;
export const GMAIL_USER_UNITS_PER_MINUTE = 15_000;
export const GMAIL_PROJECT_UNITS_PER_MINUTE = 1_200_000;
const MINUTE_MS = 60_000;
const PROJECT_KEY = '\u0000project';

export function createGmailQuota(): GmailQuota {
  return {
    isEnabled: false,
    unitsPerSecond: GMAIL_UNITS_PER_SECOND,
    userUnitsPerMinute: GMAIL_USER_UNITS_PER_MINUTE,
    projectUnitsPerMinute: GMAIL_PROJECT_UNITS_PER_MINUTE,
    minuteMs: MINUTE_MS,
    buckets: new Map(),
    minutes: new Map(),
  };
}

/** Units already spent under `key` in the minute window of `now`. */
function spentThisMinute(quota: GmailQuota, key: string, now: number): { window: number; units: number } {
  const window = Math.floor(now / quota.minuteMs);
  const entry = quota.minutes.get(key);
  if (entry && entry.window === window) return entry;
  const fresh = { window, units: 0 };
  quota.minutes.set(key, fresh);
  return fresh;
}

/**
 * Charges `cost` units to `mailbox` when every limit allows it; a refused call is charged nothing. The minute
 * limits are checked first: a user over them is refused whatever the bucket holds.
 */
export function consumeGmailUnits(
  quota: GmailQuota,
  mailbox: string,
  cost: number,
  now: number,
): GmailQuotaDecision {
  if (!quota.isEnabled || cost <= 0) return { isAllowed: true };
  const project = spentThisMinute(quota, PROJECT_KEY, now);
  if (project.units + cost > quota.projectUnitsPerMinute) return { isAllowed: false, limit: 'project' };
  const user = spentThisMinute(quota, mailbox, now);
  if (user.units + cost > quota.userUnitsPerMinute) return { isAllowed: false, limit: 'user' };
  const rate = quota.unitsPerSecond;
  const bucket = quota.buckets.get(mailbox) ?? { units: rate, updatedAt: now };
  bucket.units = Math.min(rate, bucket.units + ((now - bucket.updatedAt) / 1000) * rate);
  bucket.updatedAt = now;
  quota.buckets.set(mailbox, bucket);
  if (bucket.units < cost) {
    const missing = Math.min(cost, rate) - bucket.units;
    return { isAllowed: false, limit: 'burst', retryAfterSeconds: Math.max(1, Math.ceil(missing / rate)) };
  }
  bucket.units -= cost;
  project.units += cost;
  user.units += cost;
  return { isAllowed: true };
}
