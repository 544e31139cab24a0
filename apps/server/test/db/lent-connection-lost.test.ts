import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { createTestDatabase } from '../support/test-database';

// A connection the pool has lent (a transaction holds it between two statements) and the server ends — a restart's
// 57P01, a failover — fails the transaction, never the process: node-postgres raised it as an 'error' event nobody
// listened to (the pool drops its listener while a client is lent), which ends a process.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a lent connection lost between two statements (postgres)',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let admin: pg.Client;
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      process.on('uncaughtException', onUncaught);
    });
    afterAll(async () => {
      process.off('uncaughtException', onUncaught);
      await admin?.end();
      await database?.drop();
    });

    it('fails the transaction and raises nothing out of the process', async () => {
      const outcome = await database.db
        .transaction(async (tx) => {
          const pid = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
          await admin.query('select pg_terminate_backend($1)', [pid]);
          // The server's goodbye arrives while the transaction is between statements.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(outcome).toBe('failed');
      expect(uncaught).toEqual([]);
      // The pool goes on with a new connection.
      expect(rowsOf<{ ok: number }>(await database.db.execute(sql`select 1 as ok`))[0]?.ok).toBe(1);
    });
  },
);
