import crypto from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database kinds every DB suite runs on: PGlite always, real PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated database for one suite: an in-memory PGlite, or a new database created on the
 * TEST_DATABASE_URL server (dropped again by `drop`).
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ledgerdesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
