import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { AppError } from '../../http/app-error';

const WINDOW_SECONDS = 60;
export const IMAP_ATTEMPTS_PER_MINUTE = 10;
export const IMAP_TOO_MANY_ATTEMPTS =
  'Too many connection tests in a minute. Please wait a minute before trying again.';

/**
 * Test connection, Connect and Update password each reach out to a host the user named: at most 10 a minute per
 * user, so the server cannot be driven as a scanner or a password-guessing relay. The attempts are counted in
 * PostgreSQL (decision 030), so the limit holds across every server process, not per node.
 */
export function createImapAttemptLimiter(db: Db, limit = IMAP_ATTEMPTS_PER_MINUTE) {
  return {
    /** Counts one attempt of this user; a 429 in words past the limit. */
    async take(userId: string, now = new Date()): Promise<void> {
      const rows = rowsOf<{ counted: boolean }>(
        await db.execute(
          sql`select ledgerdesk_take_attempt(${`imap-connect:${userId}`}, ${now.toISOString()}::timestamptz, make_interval(secs => ${WINDOW_SECONDS}), ${limit}) as counted`,
        ),
      );
      if (rows[0]?.counted !== true) throw new AppError(429, 'too_many_requests', IMAP_TOO_MANY_ATTEMPTS);
    },
  };
}
