import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sleep } from '../http/fetch-with-retry';

/** In-process holders, per database: enough on PGlite, which is one connection in one process. */
const heldByDatabase = new WeakMap<object, Set<string>>();

export type LockOptions = { waitMs: number };

function held(app: FastifyInstance): Set<string> {
  let set = heldByDatabase.get(app.database);
  if (!set) {
    set = new Set();
    heldByDatabase.set(app.database, set);
  }
  return set;
}

/**
 * Runs `work` while holding the sync lock of one integration, or answers null when another sync keeps it
 * for longer than `waitMs`. Across processes on PostgreSQL a session advisory lock on a dedicated pool
 * connection does it: it outlives the many short per-page transactions and dies with a crashed process.
 */
export async function withSyncLock<T>(
  app: FastifyInstance,
  integrationId: string,
  options: LockOptions,
  work: () => Promise<T>,
): Promise<T | null> {
  const locks = held(app);
  const giveUpAt = Date.now() + options.waitMs;
  while (locks.has(integrationId)) {
    if (Date.now() >= giveUpAt) return null;
    await sleep(100);
  }
  locks.add(integrationId);
  try {
    if (app.database.kind !== 'postgres') return await work();
    return await withAdvisoryLock(app, integrationId, giveUpAt, work);
  } finally {
    locks.delete(integrationId);
  }
}

async function withAdvisoryLock<T>(
  app: FastifyInstance,
  integrationId: string,
  giveUpAt: number,
  work: () => Promise<T>,
): Promise<T | null> {
  // drizzle's node-postgres driver keeps the pool it was built on in $client.
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
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
