// Who this node is to the outbox's leases (decision 020): a name and a session advisory lock that lives exactly as
// long as the node. A lease whose holder's lock is gone is dead at once (migration 0025), so a restarted node
// resumes the changes its previous run held instead of waiting for the lease to run out.
import { randomInt, randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../../db/rows-of';
import type { MailDeps } from '../core/mail-deps';

/** First key of the holders' advisory locks (two-key form: apart from every one-key lock of the app). */
export const HOLDER_LOCK_CLASS = 7461025;
/** Wait before opening the lock's connection again after it dropped (PostgreSQL). */
const RECONNECT_MS = 1000;

export type HolderIdentity = { name: string; lock: number };

export type OutboxHolder = {
  /** This node's identity while its lock is held; null while it is not (its connection is down). */
  current(): Promise<HolderIdentity | null>;
  /** Gives the lock up (leases of this identity are dead from then on). */
  close(): Promise<void>;
};

const newName = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const newKey = () => randomInt(1, 2 ** 31 - 1);

/**
 * The node's holder identity. On PostgreSQL the lock is held on a connection of its own (not one of the pool's),
 * which the server closes when the process dies; if it drops while the node lives, the node takes a new identity
 * on a new connection and its old leases are dead, so another node (or this one) takes them over. On embedded
 * PGlite the one session holds it, and that session ends with the process.
 */
export function createOutboxHolder(deps: Pick<MailDeps, 'db' | 'database' | 'log'>): OutboxHolder {
  let identity: HolderIdentity | null = null;
  let opening: Promise<HolderIdentity | null> | null = null;
  let client: pg.Client | null = null;
  let isClosed = false;

  const lockOnPglite = async (): Promise<HolderIdentity> => {
    for (;;) {
      const lock = newKey();
      const result = await deps.db.execute(
        sql`select pg_try_advisory_lock(${HOLDER_LOCK_CLASS}::int, ${lock}::int) as ok`,
      );
      if (rowsOf<{ ok: boolean }>(result)[0]?.ok) return { name: newName(), lock };
    }
  };

  const lockOnPostgres = async (): Promise<HolderIdentity> => {
    // drizzle's node-postgres driver keeps the pool it was built on in $client; its options name the app role.
    const pool = (deps.db as unknown as { $client: pg.Pool }).$client;
    const next = new pg.Client(pool.options);
    next.on('error', (error: Error) => lost(next, error));
    next.on('end', () => lost(next, null));
    await next.connect();
    try {
      for (;;) {
        const lock = newKey();
        const result = await next.query<{ ok: boolean }>(
          'select pg_try_advisory_lock($1::int, $2::int) as ok',
          [HOLDER_LOCK_CLASS, lock],
        );
        if (result.rows[0]?.ok) {
          client = next;
          return { name: newName(), lock };
        }
      }
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
  };

  const lost = (dead: pg.Client, error: Error | null) => {
    if (client !== dead) return;
    client = null;
    identity = null;
    dead.removeAllListeners('end');
    void dead.end().catch(() => undefined);
    if (!isClosed)
      deps.log.warn({ err: error ?? undefined }, 'outbox holder connection lost; taking a new identity');
  };

  const open = (): Promise<HolderIdentity | null> => {
    opening ??= (deps.database.kind === 'postgres' ? lockOnPostgres() : lockOnPglite())
      .then((taken) => {
        identity = taken;
        return taken;
      })
      .catch(async (error: unknown) => {
        deps.log.error({ err: error }, 'outbox holder lock could not be taken');
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
        return null;
      })
      .finally(() => {
        opening = null;
      });
    return opening;
  };

  return {
    async current() {
      isClosed = false;
      if (identity) return identity;
      return open();
    },
    async close() {
      isClosed = true;
      await opening;
      const held = identity;
      identity = null;
      if (!held) return;
      if (client) {
        const dead = client;
        client = null;
        dead.removeAllListeners('end');
        await dead.end().catch(() => undefined);
        return;
      }
      await deps.db
        .execute(sql`select pg_advisory_unlock(${HOLDER_LOCK_CLASS}::int, ${held.lock}::int)`)
        .catch(() => undefined);
    },
  };
}
