export type BenchmarkId = 'list' | 'sync' | 'actions' | 'realtime' | 'web';
export const BENCHMARK_IDS: readonly BenchmarkId[] = ['list', 'sync', 'actions', 'realtime', 'web'];

export type DatabaseTarget = { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string };

export type BenchConfig = {
  isSmoke: boolean;
  shouldBuild: boolean;
  only: readonly BenchmarkId[];
  databases: DatabaseTarget[];
  ports: { app: number; sandbox: number };
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
  sync: { messages: number; quotaMessages: number; changes: number };
  actions: { clears: number; bulkSize: number; bulkRuns: number };
  realtime: { messages: number };
  web: { items: number; runs: number };
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

/**
 * Reads the command line (--smoke, --no-build, --only=list,sync) and the environment (BENCH_SIZES,
 * BENCH_DATABASE_URL, BENCH_SYNC_MESSAGES, BENCH_QUOTA_MESSAGES, BENCH_WEB_ITEMS, BENCH_WEB_RUNS, BENCH_PORT,
 * BENCH_WEB_PROFILE (read by the browser benchmark itself), BENCH_MILLION_ITEMS,
 * BENCH_MILLION_ON_PGLITE).
 */
export function readConfig(args: readonly string[], env: NodeJS.ProcessEnv): BenchConfig {
  for (const arg of args) {
    if (!['--smoke', '--no-build'].includes(arg) && !arg.startsWith('--only=')) {
      throw new Error(
        `Unknown option ${arg}. Options: --smoke, --no-build, --only=${BENCHMARK_IDS.join(',')}`,
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
    databases: [{ kind: 'pglite' }, ...(adminUrl ? [{ kind: 'postgres' as const, adminUrl }] : [])],
    ports: { app: basePort, sandbox: basePort + 1 },
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
    },
    actions: { clears: isSmoke ? 3 : 30, bulkSize: isSmoke ? 50 : 500, bulkRuns: isSmoke ? 2 : 10 },
    realtime: { messages: isSmoke ? 3 : 20 },
    web: {
      items: positive(env.BENCH_WEB_ITEMS, 'BENCH_WEB_ITEMS', isSmoke ? 300 : 100_000),
      runs: positive(env.BENCH_WEB_RUNS, 'BENCH_WEB_RUNS', isSmoke ? 1 : 5),
    },
  };
}
