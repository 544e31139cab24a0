// `npm run bench` — every benchmark, one markdown table each on stdout, JSON + markdown in bench/results.
import os from 'node:os';

import { runActions } from './benchmarks/actions';
import type { BenchContext } from './benchmarks/bench-context';
import { runFleet } from './benchmarks/fleet';
import { runImap } from './benchmarks/imap';
import { runRealtime } from './benchmarks/realtime';
import { runRules } from './benchmarks/rules';
import { runSyncThroughput } from './benchmarks/sync-throughput';
import { runTriageList } from './benchmarks/triage-list';
import { runWebBrowser } from './benchmarks/web-browser';
import { BENCHMARK_IDS, type BenchConfig, type BenchmarkId, type DatabaseTarget, readConfig } from './config';
import { createBenchDatabase, isReachable } from './infra/bench-database';
import { emptyWebDist, ensureBuild, snapshotWebDist } from './infra/build';
import { startChild } from './infra/child-process';
import { installInterruptHandlers, onInterrupt, runCleanup } from './infra/cleanup';
import { commandLine, describeRun, resultsStem, writeResults } from './report/results';
import { type BenchTable, renderTable } from './report/table';

type PerDatabase = (ctx: BenchContext) => Promise<BenchTable | BenchTable[]>;

const PER_DATABASE: [BenchmarkId, PerDatabase][] = [
  ['list', runTriageList],
  ['sync', runSyncThroughput],
  ['actions', runActions],
  ['realtime', runRealtime],
  ['rules', runRules],
  ['web', runWebBrowser],
];

const log = (message: string) => process.stderr.write(`· ${message}\n`);
const failures: string[] = [];

async function main(): Promise<void> {
  const startedAt = new Date();
  const startLoad = os.loadavg()[0] ?? 0;
  const config = readConfig(process.argv.slice(2), process.env);
  // The fleet and IMAP benchmarks' nodes serve no page: `--only=fleet,imap` neither builds nor copies the web build.
  const needsWeb = config.only.some((id) => id !== 'fleet' && id !== 'imap');
  if (needsWeb) ensureBuild(config.shouldBuild, log);
  const web = needsWeb ? snapshotWebDist() : emptyWebDist();
  onInterrupt(async () => web.remove());
  const databases = await usableDatabases(config);
  const tables: BenchTable[] = [];
  const print = (table: BenchTable) => {
    tables.push(table);
    process.stdout.write(`\n${renderTable(table)}\n`);
  };
  const sandbox = await startChild<{ url: string }>('sandbox', 'harness/sandbox-server.ts', {
    BENCH_SANDBOX_PORT: String(config.ports.sandbox),
  });
  for (const target of databases) {
    await runPerDatabase(config, target, sandbox.info.url, web.dir, print);
    if (config.only.includes('fleet')) {
      try {
        const fleetTables = await runFleet({
          config,
          target,
          sandboxUrl: sandbox.info.url,
          webDist: web.dir,
          log,
        });
        for (const table of fleetTables) print(table);
      } catch (error) {
        failures.push(
          `fleet on ${target.kind}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
        );
        log(`FAILED fleet on ${target.kind}: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
  for (const target of databases) {
    if (!config.only.includes('imap')) continue;
    try {
      for (const table of await runImap({ config, target, sandboxUrl: sandbox.info.url, log })) print(table);
    } catch (error) {
      failures.push(
        `imap on ${target.kind}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      );
      log(`FAILED imap on ${target.kind}: ${error instanceof Error ? error.message : error}`);
    }
  }
  await sandbox.stop();
  web.remove();
  const command = commandLine(process.argv.slice(2), process.env);
  const stem = resultsStem(config.isSmoke, config.only, BENCHMARK_IDS);
  const files = writeResults(describeRun(command, startedAt, config.isSmoke, startLoad), tables, stem);
  log(`results written to ${files.join(', ')}`);
  if (failures.length > 0) {
    process.stderr.write(`\n${failures.length} benchmark(s) failed:\n${failures.join('\n\n')}\n`);
    process.exitCode = 1;
  }
}

/** The benchmarks that share one app server on one fresh database (all but the fleet, which starts its own). */
async function runPerDatabase(
  config: BenchConfig,
  target: DatabaseTarget,
  sandboxUrl: string,
  webDist: string,
  print: (table: BenchTable) => void,
): Promise<void> {
  if (!PER_DATABASE.some(([id]) => config.only.includes(id))) return;
  const database = await createBenchDatabase(target);
  const forget = onInterrupt(() => database.drop());
  try {
    const app = await startChild<{ url: string }>('app', 'harness/app-server.ts', {
      ...database.env,
      BENCH_APP_PORT: String(config.ports.app),
      BENCH_SANDBOX_URL: sandboxUrl,
      BENCH_WEB_DIST: webDist,
    });
    const ctx: BenchContext = { config, database, appUrl: app.info.url, sandboxUrl, webDist, log };
    try {
      for (const [id, run] of PER_DATABASE) {
        if (!config.only.includes(id)) continue;
        try {
          const result = await run(ctx);
          for (const table of Array.isArray(result) ? result : [result]) print(table);
        } catch (error) {
          failures.push(
            `${id} on ${database.label}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
          );
          log(`FAILED ${id} on ${database.label}: ${error instanceof Error ? error.message : error}`);
        }
      }
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
    forget();
  }
}

async function usableDatabases(config: BenchConfig): Promise<DatabaseTarget[]> {
  const usable: DatabaseTarget[] = [];
  for (const target of config.databases) {
    if (target.kind === 'postgres' && !(await isReachable(target.adminUrl))) {
      if (!config.isSmoke) throw new Error('BENCH_DATABASE_URL is set but PostgreSQL does not answer there.');
      log('BENCH_DATABASE_URL does not answer: the smoke run uses PGlite only');
      continue;
    }
    usable.push(target);
  }
  return usable;
}

installInterruptHandlers();

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await runCleanup();
  process.exitCode = 1;
});
