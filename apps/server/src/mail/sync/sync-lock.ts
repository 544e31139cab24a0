import type pg from 'pg';
import type { MailDeps } from '../core/mail-deps';
import { sleep } from '../core/transport/fetch-with-retry';

export type LockOptions = { waitMs: number };

/**
 * Runs `work` while holding the sync lock of one integration, or answers null when another sync keeps it
 * for longer than `waitMs`. Across processes on PostgreSQL a session advisory lock on a dedicated pool
 * connection does it: it outlives the many short per-page transactions and dies with a crashed process.
 */
export async function withSyncLock<T>(
  deps: MailDeps,
  integrationId: string,
  options: LockOptions,
  work: () => Promise<T>,
): Promise<T | null> {
  // In-process holders: enough on PGlite, which is one connection in one process.
  const locks = deps.syncLocks;
  const giveUpAt = Date.now() + options.waitMs;
  while (locks.has(integrationId)) {
    if (Date.now() >= giveUpAt) return null;
    await sleep(100);
  }
  locks.add(integrationId);
  try {
    if (deps.database.kind !== 'postgres') return await work();
    return await withAdvisoryLock(deps, integrationId, giveUpAt, work);
  } finally {
    locks.delete(integrationId);
  }
}

async function withAdvisoryLock<T>(
  deps: MailDeps,
  integrationId: string,
  giveUpAt: number,
  work: () => Promise<T>,
): Promise<T | null> {
  // drizzle's node-postgres driver keeps the pool it was built on in $client.
  const pool = (deps.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  // The pool stops listening to a client it hands out: a connection the server ends while the work runs (a
  // restart, a failover, pg_terminate_backend) would raise its 'error' out of the process. Its loss ends the lock
  // (the server released it with the session), so the run fails once its work returns and its job is retried.
  let lost: Error | null = null;
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on('error', onError);
  const key = `ledgerdesk-sync:${integrationId}`;
  const query = async <R extends pg.QueryResultRow>(text: string) => {
    try {
      return await client.query<R>(text, [key]);
    } catch (error) {
      lost ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  };
  try {
    for (;;) {
      const result = await query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
      );
      if (result.rows[0]?.ok) break;
      if (Date.now() >= giveUpAt) return null;
      await sleep(250);
    }
    try {
      const value = await work();
      if (lost) throw new SyncLockLostError(integrationId, lost);
      return value;
    } finally {
      if (!lost) await query('select pg_advisory_unlock(hashtextextended($1, 0))');
    }
  } finally {
    client.off('error', onError);
    if (lost)
      deps.log.warn({ err: lost, integrationId }, 'sync lock lost with its connection; the run fails');
    // A broken connection is destroyed, not handed back to the pool.
    client.release(lost ?? undefined);
  }
}

/** The sync lock's connection was lost while a run held it: the run may have overlapped another node's. */
export class SyncLockLostError extends Error {
  constructor(integrationId: string, cause: Error) {
    super(`The sync lock of ${integrationId} was lost with its database connection`, { cause });
    this.name = 'SyncLockLostError';
  }
}
