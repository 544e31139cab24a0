import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction on behalf of `userId`: row-level security then shows and accepts only
 * that user's rows. Every request-scoped read and write goes through here.
 */
export async function withUser<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.user_id', ${userId}, true)`);
    return work(tx);
  });
}

export type { DbOrTx };
