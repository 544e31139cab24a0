import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchTable, renderTable } from './table';

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../results');

export type RunInfo = {
  command: string;
  startedAt: string;
  durationSeconds: number;
  isSmoke: boolean;
  machine: { cpu: string; cores: number; memoryGb: number; os: string; node: string };
  /** 1-minute load average at the start and the end: other work on a shared machine skews every figure. */
  loadAverage: { start: number; end: number };
  commit: string;
};

/** Where and on what the run happened, for the results file. */
export function describeRun(command: string, startedAt: Date, isSmoke: boolean, startLoad: number): RunInfo {
  const cpus = os.cpus();
  return {
    command,
    startedAt: startedAt.toISOString(),
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    isSmoke,
    machine: {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
    },
    loadAverage: { start: round(startLoad), end: round(os.loadavg()[0] ?? 0) },
    commit: gitCommit(),
  };
}

/** The whole report as markdown: a header line on the run, then one table per benchmark. */
export function renderReport(run: RunInfo, tables: BenchTable[]): string {
  const header = [
    `Command: \`${run.command}\` — ${run.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${run.durationSeconds} s, ` +
      `${run.machine.cores} × ${run.machine.cpu}, ${run.machine.memoryGb} GB, Node ${run.machine.node}, ` +
      `load average ${run.loadAverage.start} → ${run.loadAverage.end}, commit ${run.commit}.`,
  ];
  return [...header, '', ...tables.map(renderTable).flatMap((table) => [table, ''])].join('\n');
}

/**
 * The results' file name: `latest` for a run of every benchmark, `<ids>-latest` for a subset (`--only=fleet`
 * writes `fleet-latest`, so a partial run never replaces the full run's figures), `smoke-latest` for smoke.
 */
export function resultsStem(isSmoke: boolean, only: readonly string[], all: readonly string[]): string {
  if (isSmoke) return 'smoke-latest';
  const isEverything = all.every((id) => only.includes(id));
  return isEverything ? 'latest' : `${only.join('-')}-latest`;
}

/**
 * Writes the JSON and markdown results: `<stem>.json` + `<stem>.md` (committed; see resultsStem) and a
 * timestamped copy in `runs/` for a full run; smoke runs write `smoke-latest.*` so they never replace the
 * full figures.
 */
export function writeResults(run: RunInfo, tables: BenchTable[], stem: string): string[] {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify({ run, tables }, null, 2)}\n`;
  const markdown = `${renderReport(run, tables)}\n`;
  const files = [path.join(RESULTS_DIR, `${stem}.json`), path.join(RESULTS_DIR, `${stem}.md`)];
  fs.writeFileSync(files[0]!, json);
  fs.writeFileSync(files[1]!, markdown);
  if (!run.isSmoke) {
    const runs = path.join(RESULTS_DIR, 'runs');
    fs.mkdirSync(runs, { recursive: true });
    const stamped = path.join(runs, `${run.startedAt.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(stamped, json);
    files.push(stamped);
  }
  return files;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The command line that reproduces the run, with the BENCH_* variables it used (passwords masked). */
export function commandLine(args: readonly string[], env: NodeJS.ProcessEnv): string {
  const vars = Object.entries(env)
    .filter(([name, value]) => name.startsWith('BENCH_') && value)
    .map(([name, value]) => `${name}=${String(value).replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')}`);
  const tail = args.length > 0 ? ` -- ${args.join(' ')}` : '';
  return [...vars, `npm run bench${tail}`].join(' ');
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const isDirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return isDirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}
