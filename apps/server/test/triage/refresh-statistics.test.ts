import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { isAnalyzeDue, refreshStatisticsIfDue } from '../../src/features/triage/refresh-statistics';
import { seedTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe('isAnalyzeDue', () => {
  it('follows autovacuum: 50 rows plus 10% of the table', () => {
    expect(isAnalyzeDue({ reltuples: -1, changed: 51 })).toBe(true);
    expect(isAnalyzeDue({ reltuples: -1, changed: 50 })).toBe(false);
    expect(isAnalyzeDue({ reltuples: 100_000, changed: 10_000 })).toBe(false);
    expect(isAnalyzeDue({ reltuples: 100_000, changed: 10_051 })).toBe(true);
  });
});

describe.each(testDatabaseKinds)('triage statistics refresh (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('analyzes as the app role once enough rows changed, then not again', async () => {
    const { userId } = await signUp(t.app, 'stats@firm.example');
    await seedTriageItems(t.app.db, userId, { count: 500 });
    // Backends publish their row counts about once a second.
    let hasAnalyzed = false;
    for (let attempt = 0; attempt < 30 && !hasAnalyzed; attempt += 1) {
      hasAnalyzed = await refreshStatisticsIfDue(t.app);
      if (!hasAnalyzed) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(hasAnalyzed).toBe(true);
    const result = await t.app.db.execute(
      sql`select reltuples::float8 as reltuples from pg_class where oid = 'public.triage_items'::regclass`,
    );
    expect(Number(rowsOf<{ reltuples: number }>(result)[0]?.reltuples)).toBe(500);
    expect(await refreshStatisticsIfDue(t.app)).toBe(false);
  });
});
