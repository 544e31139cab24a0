import { AppError } from '../../http/app-error';

const WINDOW_MS = 60_000;
export const IMAP_ATTEMPTS_PER_MINUTE = 10;
export const IMAP_TOO_MANY_ATTEMPTS =
  'Too many connection tests in a minute. Please wait a minute before trying again.';

/**
 * Test connection, Connect and Update password each reach out to a host the user named: at most 10 a minute per
 * user (per node), so the server cannot be driven as a scanner or a password-guessing relay.
 */
export function createImapAttemptLimiter(limit = IMAP_ATTEMPTS_PER_MINUTE) {
  const attempts = new Map<string, number[]>();
  return {
    /** Counts one attempt of this user; a 429 in words past the limit. */
    take(userId: string, now = Date.now()): void {
      const recent = (attempts.get(userId) ?? []).filter((at) => now - at < WINDOW_MS);
      if (recent.length >= limit) {
        attempts.set(userId, recent);
        throw new AppError(429, 'too_many_requests', IMAP_TOO_MANY_ATTEMPTS);
      }
      recent.push(now);
      attempts.set(userId, recent);
      if (attempts.size > 10_000) {
        for (const [key, times] of attempts)
          if (times.every((at) => now - at >= WINDOW_MS)) attempts.delete(key);
      }
    },
  };
}
