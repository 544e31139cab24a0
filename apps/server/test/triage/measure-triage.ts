// Measures the triage list API at 100,000 items for one user (plus 9 users with 1,000 each).
// Run: npx tsx apps/server/test/triage/measure-triage.ts [pglite|postgres] (postgres needs TEST_DATABASE_URL).
import { performance } from 'node:perf_hooks';
import { type ThreadsPage, type ThreadsRequest, threadsSearchParams } from '@ledgerdesk/domain/api/triage';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seedTriageItems } from '../support/seed-triage';
import { createTestApp, signUp } from '../support/test-app';
import type { TestDatabaseKind } from '../support/test-database';

const RUNS = 60;
const WARMUP = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** What keeps statistics fresh in production: the server's own refresh on PGlite, autovacuum on PostgreSQL. */
async function analyze(kind: TestDatabaseKind, run: (statement: string) => Promise<void>, url?: string) {
  if (kind === 'pglite') {
    await run('select ledgerdesk_analyze_triage_items()');
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('vacuum analyze triage_items');
  await admin.end();
}

async function main(kind: TestDatabaseKind): Promise<void> {
  const t = await createTestApp(kind);
  const { cookie, userId } = await signUp(t.app, 'bench-main@firm.example');
  let started = performance.now();
  await seedTriageItems(t.app.db, userId, { count: 100_000 });
  const seedMs = performance.now() - started;
  for (let i = 0; i < 9; i += 1) {
    const other = await signUp(t.app, `bench-${i}@firm.example`);
    await seedTriageItems(t.app.db, other.userId, { count: 1000 });
  }
  const exec = async (statement: string) => {
    await t.app.db.execute(sql.raw(statement));
  };
  const measure = async (label: string, url: string) => {
    const times: number[] = [];
    let last: unknown = null;
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      started = performance.now();
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      if (i >= WARMUP) times.push(elapsed);
      last = response.json();
    }
    times.sort((a, b) => a - b);
    const page = last as Partial<ThreadsPage> & { counts?: unknown };
    const detail = page.groups
      ? `groups ${page.groups.length}, total ${page.total}`
      : JSON.stringify(page.counts);
    console.log(
      `${kind.padEnd(8)} ${label.padEnd(26)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms   (${detail})`,
    );
    return last;
  };
  const list = (request: Partial<ThreadsRequest>) =>
    `/api/triage/threads?${threadsSearchParams({ view: 'inbox', ...request })}`;
  const scenarios = async (phase: string) => {
    console.log(`-- ${kind}: ${phase}`);
    const first = (await measure('inbox first page', list({}))) as ThreadsPage;
    let cursor = first.nextCursor;
    for (let page = 0; page < 40 && cursor; page += 1) {
      const next = (await (
        await t.app.inject({ method: 'GET', url: list({ cursor }), headers: { cookie } })
      ).json()) as ThreadsPage;
      cursor = next.nextCursor;
    }
    await measure('inbox page 42 (cursor)', list({ cursor }));
    await measure('cleared first page', list({ view: 'cleared' }));
    await measure('later first page', list({ view: 'later' }));
    await measure('unread tab first page', list({ tab: 'unread' }));
    await measure('mention tab first page', list({ tab: 'mention' }));
    await measure('search ~50 matches', list({ q: 'zetaquark' }));
    await measure('search all views ~50', list({ view: 'cleared', q: 'zetaquark' }));
    await measure('sender filter chip', list({ filters: [{ type: 'sender', value: 'client7@' }] }));
    await measure('counts', '/api/triage/counts');
  };
  console.log(`-- ${kind}: seeded 100,000 items in ${(seedMs / 1000).toFixed(1)} s (+ 9 x 1,000)`);
  await scenarios('fresh after the bulk insert');
  await analyze(kind, exec, t.database.url);
  await scenarios(kind === 'pglite' ? 'after the statistics refresh' : 'after VACUUM ANALYZE (autovacuum)');
  await t.close();
}

const kind = (process.argv[2] ?? 'pglite') as TestDatabaseKind;
main(kind).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
