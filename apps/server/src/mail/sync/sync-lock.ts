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
  const key = `ledgerdesk-sync:${integrationId}`;
  try {
    for (;;) {
      const result = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
        [key],
      );
      if (result.rows[0]?.ok) break;
      if (Date.now() >= giveUpAt) return null;
      await sleep(250);
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    }
  } finally {
    client.release();
  }
}
