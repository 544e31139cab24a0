import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../../../src/db/rows-of';
import type { TestApp } from '../../support/test-app';

/**
 * Reads pg-boss's own tables (schema pgboss): through the app's PGlite session, whose role owns them, or on
 * PostgreSQL as the owner (the app role cannot see them there).
 */
export async function jobRows<T>(
  h: Pick<TestApp, 'app' | 'database'>,
  query: string,
  values: unknown[] = [],
) {
  if (!h.database.url) {
    const filled = query.replace(/\$(\d+)/g, (_, index: string) => literal(values[Number(index) - 1]));
    return rowsOf<T>(await h.app.db.execute(sql.raw(filled)));
  }
  const client = new pg.Client({ connectionString: h.database.url });
  await client.connect();
  try {
    return (await client.query(query, values)).rows as T[];
  } finally {
    await client.end();
  }
}

function literal(value: unknown): string {
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
