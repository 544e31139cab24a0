import { call, type Session } from '../client/http-client';
import { signUp } from '../client/sign-up';
import { count, ms, ratio, verdict } from '../report/format';
import { summarize } from '../report/stats';
import type { BenchTable } from '../report/table';
import type { BenchContext } from './bench-context';
import { compareAnswers, listCases } from './list-cases';
import { sampleGets } from './sampler';

const TARGET_SIZE = 100_000;
const TARGET_P95_MS = 50;
const TARGET_RATIO = 20;
// Fifty requests each, unless they are so slow that the budget runs out first (then fewer, marked n=).
const OURS_PLAN = { warmup: 2, min: 5, budgetMs: 60_000 };
// The baseline's request of the answer check counts as its first sample (it reads everything every time, so a
// warm-up buys it nothing); at 100,000 items on PGlite each takes seconds, hence the small minimum.
const BASELINE_PLAN = { warmup: 0, min: 2, budgetMs: 10_000 };

/** Benchmark 1: the triage list at 1k/10k/100k items, ours against the original read-everything design. */
export async function runTriageList(ctx: BenchContext): Promise<BenchTable> {
  const { list } = ctx.config;
  const newest = new Date().toISOString();
  for (let u = 0; u < list.otherUsers; u++) {
    const other = await signUp(ctx.appUrl, `other${u}`);
    await call(other, 'POST', '/api/bench/seed', { from: 0, count: list.otherUserItems, newest });
  }
  const user = await signUp(ctx.appUrl, 'heavy');
  const rows: string[][] = [];
  const data: Record<string, unknown>[] = [];
  const notes: string[] = [];
  let seeded = 0;
  for (const size of [...list.sizes].sort((a, b) => a - b)) {
    ctx.log(`list: seeding ${count(size)} items (${ctx.database.label})`);
    const seed = await call<{ ms: number }>(user, 'POST', '/api/bench/seed', {
      from: seeded,
      count: size - seeded,
      newest,
    });
    seeded = size;
    const token = `qzx${size}q`;
    await call(user, 'POST', '/api/bench/search-matches', { token, matches: list.searchMatches });
    await call(user, 'POST', '/api/bench/analyze');
    notes.push(
      `${count(size)} items seeded by direct SQL in ${(seed.body.ms / 1000).toFixed(1)} s, then ANALYZE.`,
    );
    for (const listCase of listCases(token)) {
      const { mismatch, baselineMs } = await compareAnswers(user, listCase);
      if (mismatch)
        notes.push(`**${count(size)} / ${listCase.name}: ours and the baseline disagree (${mismatch}).**`);
      ctx.log(`list: ${count(size)} items, ${listCase.name}`);
      const ours = summarize(
        (await sampleGets(user, listCase.ours, { ...OURS_PLAN, max: list.requests })).serverMs,
      );
      const baseline = summarize(
        (await sampleGets(user, listCase.baseline, { ...BASELINE_PLAN, max: list.requests }, [baselineMs]))
          .serverMs,
      );
      const speedup = baseline.p50 / ours.p50;
      const isTargeted = size >= TARGET_SIZE && ctx.database.kind === 'postgres';
      const isMet = isTargeted ? ours.p95 < TARGET_P95_MS && speedup >= TARGET_RATIO : null;
      rows.push([
        count(size),
        listCase.name,
        `${ms(ours.p50)}${ours.n < list.requests ? ` (n=${ours.n})` : ''}`,
        ms(ours.p95),
        `${ms(baseline.p50)} (n=${baseline.n})`,
        ms(baseline.p95),
        ratio(speedup),
        isTargeted ? `p95 < ${TARGET_P95_MS} ms, ≥ ${TARGET_RATIO}×` : '—',
        verdict(isMet),
      ]);
      data.push({ size, request: listCase.name, ours, baseline, speedup, isTargetMet: isMet });
    }
  }
  const { million } = list;
  if (million.databases.includes(ctx.database.kind) && million.size > seeded) {
    notes.push(...(await measureMillion(ctx, user, seeded, newest, rows, data)));
  }
  return {
    id: 'triage-list',
    title: '1. Triage list at scale',
    database: ctx.database.label,
    columns: [
      'Items',
      'Request',
      'Ours p50',
      'Ours p95',
      'Baseline p50',
      'Baseline p95',
      'Baseline/ours',
      'Target',
      'Result',
    ],
    rows,
    notes: [
      `Server time (Server-Timing header added by the bench harness: request received → response head written) of ${list.requests} sequential requests per row through the real HTTP API with a real session, after an answer check and 2 warm-up requests (the baseline's check request is its first sample); ${list.otherUsers} other users hold ${count(list.otherUserItems)} items each.`,
      'Planner statistics: the bench runs ANALYZE after each bulk load, as autovacuum would on PostgreSQL within a minute. PGlite has no autovacuum, so an app on PGlite that never analyzes keeps plans made without statistics.',
      "Baseline: the original spec's design run as an endpoint in the same server — read all of the user's items newest first joined with notification_sources (Drizzle, same pool and row-level security), then isInView / matchesTab / matchesSearch / groupIntoThreads from packages/domain in JavaScript. It answers only the first page (the original client downloaded every row), which flatters it; at large sizes it gets fewer requests (n) to keep the run short.",
      `Baseline/ours compares p50s. Target (${TARGET_P95_MS} ms p95, ≥ ${TARGET_RATIO}×) applies at ${count(TARGET_SIZE)} items on PostgreSQL.`,
      ...notes,
    ],
    data,
  };
}

const MILLION_CHUNK = 100_000;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/**
 * The largest size: one user's items topped up to `million.size` in chunks (each its own statement, so no
 * single transaction holds a million rows), then ours only — the read-everything baseline would read them
 * all per request. Reports seeding time and the app process's memory.
 */
async function measureMillion(
  ctx: BenchContext,
  user: Session,
  seeded: number,
  newest: string,
  rows: string[][],
  data: Record<string, unknown>[],
): Promise<string[]> {
  const { list } = ctx.config;
  const { size } = list.million;
  ctx.log(`list: seeding up to ${count(size)} items (${ctx.database.label})`);
  const started = performance.now();
  for (let from = seeded; from < size; from += MILLION_CHUNK) {
    await call(user, 'POST', '/api/bench/seed', {
      from,
      count: Math.min(MILLION_CHUNK, size - from),
      newest,
    });
  }
  const seedMs = performance.now() - started;
  const token = `qzx${size}q`;
  await call(user, 'POST', '/api/bench/search-matches', { token, matches: list.searchMatches });
  await call(user, 'POST', '/api/bench/analyze');
  const afterSeed = (await call<{ rssBytes: number }>(user, 'GET', '/api/bench/memory')).body;
  for (const listCase of listCases(token)) {
    ctx.log(`list: ${count(size)} items, ${listCase.name}`);
    const ours = summarize(
      (await sampleGets(user, listCase.ours, { ...OURS_PLAN, max: list.requests })).serverMs,
    );
    const isTargeted = ctx.database.kind === 'postgres';
    const isMet = isTargeted ? ours.p95 < TARGET_P95_MS : null;
    rows.push([
      count(size),
      listCase.name,
      `${ms(ours.p50)}${ours.n < list.requests ? ` (n=${ours.n})` : ''}`,
      ms(ours.p95),
      'not run',
      '—',
      '—',
      isTargeted ? `p95 < ${TARGET_P95_MS} ms` : '—',
      verdict(isMet),
    ]);
    data.push({ size, request: listCase.name, ours, baseline: null, isTargetMet: isMet });
  }
  const afterRequests = (
    await call<{ rssBytes: number; heapUsedBytes: number }>(user, 'GET', '/api/bench/memory')
  ).body;
  data.push({
    size,
    seedMs,
    rssAfterSeedBytes: afterSeed.rssBytes,
    rssAfterRequestsBytes: afterRequests.rssBytes,
  });
  return [
    `${count(size)} items: topped up from ${count(seeded)} in chunks of ${count(MILLION_CHUNK)} by direct SQL in ${(seedMs / 1000).toFixed(1)} s, then ANALYZE; no baseline (it reads every row per request). App process memory: RSS ${mb(afterSeed.rssBytes)} after seeding, ${mb(afterRequests.rssBytes)} after the requests (heap ${mb(afterRequests.heapUsedBytes)}).`,
  ];
}
