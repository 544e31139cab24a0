import { sql } from 'drizzle-orm';
import type { Db } from './db-types';

/**
 * SQLSTATEs of a database that is not there for us right now: the connection exceptions (class 08), a server
 * shutting down, crashed or still starting (57P01–57P03), and one with every connection slot taken (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres's own words for a connection that ended or never came (these carry no code). */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `error` (or a cause of it: Drizzle and better-auth wrap the driver's) says the database could not be
 * reached or dropped the connection, as opposed to a query it refused. A bare socket error (ECONNREFUSED,
 * ECONNRESET…) is not enough: a provider's host says the same, so the error handler asks the database itself
 * (`isDatabaseReachable`) before it answers 503 for one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_SQLSTATE.test(candidate.code)) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/** How long a health probe waits for the database before calling it down. */
const PROBE_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query within a couple of seconds. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      (async () => db.execute(sql`select 1`))().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
