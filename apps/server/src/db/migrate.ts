import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './db-types';
import { rowsOf } from './rows-of';

/** Where the SQL migrations live: beside this file in development, copied next to the bundle in production. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return process.env.LEDGERDESK_MIGRATIONS_DIR ?? path.join(here, 'migrations');
}

/**
 * Applies every pending migration in order, each in its own transaction, under an advisory lock so
 * that several server processes starting together do not race.
 */
export async function runMigrations(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  await db.execute(sql`select pg_advisory_lock(7461001)`);
  try {
    await db.execute(sql`create schema if not exists drizzle`);
    await db.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const applied = await db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    const appliedHashes = new Set(rowsOf<{ hash: string }>(applied).map((row) => row.hash));
    for (const migration of migrations) {
      if (appliedHashes.has(migration.hash)) continue;
      await db.transaction(async (tx) => {
        for (const statement of migration.sql) {
          if (statement.trim()) await tx.execute(sql.raw(statement));
        }
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      });
    }
  } finally {
    await db.execute(sql`select pg_advisory_unlock(7461001)`);
  }
}
