import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows-of';
import * as schema from '../../src/db/schema/index';
import { createTestDatabase, testDatabaseKinds } from '../support/test-database';

// Every table the migrations make is declared in the Drizzle schema with the same columns, so queries reach
// data through typed tables rather than raw SQL cast to a hand-written row type.

type ColumnShape = { table: string; column: string; notNull: boolean };

const schemaValues: unknown[] = Object.values(schema);
const declaredColumns: ColumnShape[] = schemaValues
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns.map((column) => ({
      table: config.name,
      column: column.name,
      notNull: column.notNull,
    }));
  });

const byName = (a: ColumnShape, b: ColumnShape) =>
  `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);

describe.each(testDatabaseKinds)('the Drizzle schema on %s', (kind) => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database.drop());

  it('declares every table of the migrations, each column with its name and nullability', async () => {
    const result = await database.db.execute(sql`
      select c.relname as "table", a.attname as "column", a.attnotnull as "notNull"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const inDatabase = rowsOf<ColumnShape>(result).sort(byName);
    expect(declaredColumns.sort(byName)).toEqual(inDatabase);
  });
});
