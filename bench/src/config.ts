import type { OAuthProvider } from '@ledgerdesk/domain/entities';
export type BenchmarkId = 'list' | 'sync' | 'actions' | 'realtime' | 'rules' | 'web' | 'fleet' | 'imap';
export const BENCHMARK_IDS: readonly BenchmarkId[] = [
  'list',
  'sync',
  'actions',
  'realtime',
  'rules',
  'web',
  'fleet',
  'imap',
];
/** Flags that take a value (`--fleet-mailboxes=200`). */
const VALUE_FLAGS = [
  '--only=',
  '--fleet-mailboxes=',
  '--fleet-interval=',
  '--fleet-intervals=',
  '--fleet-gaps=',
  '--fleet-cost-seconds=',
  '--fleet-phases=',
] as const;

/** The fleet benchmark's parts, each runnable alone (`--fleet-phases=push,cost`): a rerun of what changed. */
export const FLEET_PHASES = ['poll', 'push', 'faults', 'cost', 'verify', 'legacy'] as const;
export type FleetPhase = (typeof FLEET_PHASES)[number];

export type DatabaseTarget = { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string };

export type BenchConfig = {
  isSmoke: boolean;
  shouldBuild: boolean;
  only: readonly BenchmarkId[];
  databases: DatabaseTarget[];
  /** The app, the sandbox, then the fleet benchmark's own nodes (a, b) and its baseline node. */
  ports: { app: number; sandbox: number; fleet: [number, number, number] };
  list: {
    sizes: number[];
    otherUsers: number;
    otherUserItems: number;
    requests: number;
    searchMatches: number;
    /**
     * The largest size (one user's 1,000,000 items): measured without the read-everything baseline, seeded in
     * chunks, with the server's memory reported. Runs on the databases listed (PostgreSQL only, unless smoke).
     */
    million: { size: number; databases: DatabaseTarget['kind'][] };
  };
  sync: { messages: number; quotaMessages: number; changes: number; providers: OAuthProvider[] };
  actions: { clears: number; bulkSize: number; bulkRuns: number };
  realtime: { messages: number };
  /** Decision 025: the filing hook on sync pages, and the preview over stored items. */
  rules: {
    rules: number;
    pageSize: number;
    pages: number;
    matchEvery: number;
    stored: number;
    previews: number;
  };
  web: { items: number; runs: number };
  /** IMAP against a private Dovecot (decision 023): IDLE connections one node holds in the connections row. */
  imap: { connections: number };
  fleet: {
    /** Connected sandbox mailboxes, Office 365 and Gmail half each (two per user). */
    mailboxes: number;
    /** SYNC_INTERVAL_SECONDS of the nodes under test, and the delivery interval. */
    intervalSeconds: number;
    /** Intervals of deliveries (one new message per mailbox each). */
    intervals: number;
    /** Reconciliation gaps injected per kind (an item removed from triage; a message hidden from the changes). */
    gaps: number;
    /** Length of each push-cost window: webhook posts, the node idle, and one new message a second. */
    costSeconds: number;
    /** The parts to run (default all): the poll-only fleet, push, push with faults, cost, reconciliation, old loop. */
    phases: ReadonlySet<FleetPhase>;
  };
};

function positiveList(text: string | undefined, name: string): number[] | null {
  if (!text?.trim()) return null;
  const values = text.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  if (values.some((value) => !Number.isInteger(value) || value <= 0)) {
    throw new Error(`${name} must be a comma-separated list of positive integers (got "${text}").`);
  }
  return values;
}

function positive(text: string | undefined, name: string, fallback: number): number {
  if (!text?.trim()) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer (got "${text}").`);
  return value;
}

function flagValue(args: readonly string[], flag: (typeof VALUE_FLAGS)[number]): string | undefined {
  return args.find((arg) => arg.startsWith(flag))?.slice(flag.length);
}

function parseFleetPhases(text: string | undefined): ReadonlySet<FleetPhase> {
  if (!text) return new Set(FLEET_PHASES);
  const phases = text.split(',').map((part) => part.trim());
  for (const phase of phases) {
    if (!(FLEET_PHASES as readonly string[]).includes(phase)) {
      throw new Error(`Unknown fleet phase "${phase}". Phases: ${FLEET_PHASES.join(', ')}.`);
    }
  }
  return new Set(phases as FleetPhase[]);
}

function parseOnly(args: readonly string[]): BenchmarkId[] {
  const flag = args.find((arg) => arg.startsWith('--only='));
  if (!flag) return [...BENCHMARK_IDS];
  const ids = flag.slice('--only='.length).split(',');
  for (const id of ids) {
    if (!BENCHMARK_IDS.includes(id as BenchmarkId)) {
      throw new Error(`--only takes ${BENCHMARK_IDS.join(', ')} (got "${id}").`);
    }
  }
  return ids as BenchmarkId[];
}

const SYNC_PROVIDERS: readonly OAuthProvider[] = ['office365', 'gmail'];

/** BENCH_SYNC_PROVIDERS=gmail: the sync benchmark for one provider only (a rerun of what changed). */
function parseSyncProviders(value: string | undefined): OAuthProvider[] {
  if (!value?.trim()) return [...SYNC_PROVIDERS];
  const names = value.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(SYNC_PROVIDERS as readonly string[]).includes(name))
      throw new Error(`BENCH_SYNC_PROVIDERS: unknown provider ${name} (${SYNC_PROVIDERS.join(', ')})`);
  }
  return names as OAuthProvider[];
}

/**
 * Reads the command line (--smoke, --no-build, --only=list,sync, --fleet-mailboxes=N, --fleet-interval=S,
 * --fleet-intervals=K, --fleet-gaps=K, --fleet-cost-seconds=S, --fleet-phases=a,b) and the environment (BENCH_SIZES, BENCH_DATABASE_URL, BENCH_SYNC_MESSAGES,
 * BENCH_QUOTA_MESSAGES, BENCH_SYNC_PROVIDERS, BENCH_WEB_ITEMS, BENCH_WEB_RUNS, BENCH_PORT, BENCH_WEB_PROFILE, BENCH_WEB_TRACE (read by the browser
 * benchmark itself), BENCH_MILLION_ITEMS,
 * BENCH_MILLION_ON_PGLITE, BENCH_IMAP_CONNECTIONS).
 */
export function readConfig(args: readonly string[], env: NodeJS.ProcessEnv): BenchConfig {
  for (const arg of args) {
    if (!['--smoke', '--no-build'].includes(arg) && !VALUE_FLAGS.some((flag) => arg.startsWith(flag))) {
      throw new Error(
        `Unknown option ${arg}. Options: --smoke, --no-build, --only=${BENCHMARK_IDS.join(',')}, ` +
          '--fleet-mailboxes=N, --fleet-interval=SECONDS, --fleet-intervals=K, --fleet-gaps=K, ' +
          `--fleet-cost-seconds=SECONDS, --fleet-phases=${FLEET_PHASES.join(',')}`,
      );
    }
  }
  const isSmoke = args.includes('--smoke');
  const adminUrl = env.BENCH_DATABASE_URL?.trim();
  const basePort = positive(env.BENCH_PORT, 'BENCH_PORT', 4107);
  return {
    isSmoke,
    shouldBuild: !isSmoke && !args.includes('--no-build'),
    only: parseOnly(args),
    // BENCH_POSTGRES_ONLY=1 skips PGlite (a rerun of one database's tables).
    databases: [
      ...(adminUrl && env.BENCH_POSTGRES_ONLY === '1' ? [] : [{ kind: 'pglite' as const }]),
      ...(adminUrl ? [{ kind: 'postgres' as const, adminUrl }] : []),
    ],
    ports: { app: basePort, sandbox: basePort + 1, fleet: [basePort + 2, basePort + 3, basePort + 4] },
    list: {
      sizes: positiveList(env.BENCH_SIZES, 'BENCH_SIZES') ?? (isSmoke ? [400] : [1_000, 10_000, 100_000]),
      otherUsers: 9,
      otherUserItems: isSmoke ? 50 : 1_000,
      requests: isSmoke ? 5 : 50,
      searchMatches: isSmoke ? 5 : 50,
      million: {
        size: positive(env.BENCH_MILLION_ITEMS, 'BENCH_MILLION_ITEMS', isSmoke ? 600 : 1_000_000),
        databases: isSmoke || env.BENCH_MILLION_ON_PGLITE === '1' ? ['pglite', 'postgres'] : ['postgres'],
      },
    },
    sync: {
      messages: positive(env.BENCH_SYNC_MESSAGES, 'BENCH_SYNC_MESSAGES', isSmoke ? 60 : 10_000),
      quotaMessages: positive(env.BENCH_QUOTA_MESSAGES, 'BENCH_QUOTA_MESSAGES', isSmoke ? 20 : 2_000),
      changes: isSmoke ? 10 : 100,
      providers: parseSyncProviders(env.BENCH_SYNC_PROVIDERS),
    },
    actions: { clears: isSmoke ? 3 : 30, bulkSize: isSmoke ? 50 : 500, bulkRuns: isSmoke ? 2 : 10 },
    realtime: { messages: isSmoke ? 3 : 20 },
    rules: {
      rules: isSmoke ? 20 : 100,
      pageSize: isSmoke ? 100 : 500,
      pages: isSmoke ? 3 : 60,
      matchEvery: 10,
      stored: positive(env.BENCH_RULES_STORED, 'BENCH_RULES_STORED', isSmoke ? 2_000 : 100_000),
      previews: isSmoke ? 3 : 20,
    },
    web: {
      items: positive(env.BENCH_WEB_ITEMS, 'BENCH_WEB_ITEMS', isSmoke ? 300 : 100_000),
      runs: positive(env.BENCH_WEB_RUNS, 'BENCH_WEB_RUNS', isSmoke ? 1 : 5),
    },
    imap: { connections: positive(env.BENCH_IMAP_CONNECTIONS, 'BENCH_IMAP_CONNECTIONS', isSmoke ? 20 : 500) },
    fleet: {
      mailboxes: positive(flagValue(args, '--fleet-mailboxes='), '--fleet-mailboxes', isSmoke ? 8 : 1_000),
      intervalSeconds: positive(flagValue(args, '--fleet-interval='), '--fleet-interval', isSmoke ? 2 : 60),
      intervals: positive(flagValue(args, '--fleet-intervals='), '--fleet-intervals', isSmoke ? 2 : 3),
      gaps: positive(flagValue(args, '--fleet-gaps='), '--fleet-gaps', isSmoke ? 2 : 10),
      costSeconds: positive(
        flagValue(args, '--fleet-cost-seconds='),
        '--fleet-cost-seconds',
        isSmoke ? 3 : 60,
      ),
      phases: parseFleetPhases(flagValue(args, '--fleet-phases=')),
    },
  };
}
