import fs from 'node:fs';

/**
 * The embedded database's disk, watched (decision 041). PGlite runs PostgreSQL inside this process: a write that
 * fails for want of space is an ordinary error when it extends a table, but one that fails on the write-ahead log
 * leaves the embedded server looping on its next statement, holding the whole process (measured: 100% of a core,
 * no answer to anything, even after space returns). So before the disk runs out, changes stop at the door: below
 * `minFreeBytes` every statement that could write is refused with SQLSTATE 53100 (disk_full) before PGlite sees
 * it, which the API answers 503 storage_full with Retry-After; reading goes on. Space back, changes resume.
 */
export type DiskGuard = {
  /** Whether changes are paused now. */
  isLow(): boolean;
  /** Measures the free space now (and pauses or resumes); also runs every `intervalMs`. */
  check(): Promise<boolean>;
  stop(): void;
};

export type DiskGuardOptions = {
  /** The directory whose file system holds the database. */
  dir: string;
  /** Changes pause below this much free space, and resume a quarter of it (64 MiB at most) above. */
  minFreeBytes: number;
  /** How free space is measured; the file system's own figure by default. */
  freeBytes?: (dir: string) => Promise<number>;
  intervalMs?: number;
  /** Told once per change of state, to log it. */
  onChange?: (isLow: boolean, freeBytes: number) => void;
};

const statfsFreeBytes = async (dir: string): Promise<number> => {
  const stats = await fs.promises.statfs(dir);
  return stats.bavail * stats.bsize;
};

export function watchDiskSpace(options: DiskGuardOptions): DiskGuard {
  const measure = options.freeBytes ?? statfsFreeBytes;
  let isLow = false;
  const resumeAt = options.minFreeBytes + Math.min(options.minFreeBytes / 4, 64 * 1024 * 1024);
  const check = async () => {
    const free = await measure(options.dir).catch(() => Number.POSITIVE_INFINITY);
    const next = isLow ? free < resumeAt : free < options.minFreeBytes;
    if (next !== isLow) {
      isLow = next;
      options.onChange?.(isLow, free);
    }
    return isLow;
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? 2_000);
  timer.unref();
  return { isLow: () => isLow, check, stop: () => clearInterval(timer) };
}

/** SQLSTATE disk_full: what PostgreSQL itself says when a write finds no space. */
export const DISK_FULL_SQLSTATE = '53100';

/** The refusal of a statement that could write while the guard has changes paused. */
export class ChangesPausedError extends Error {
  readonly code = DISK_FULL_SQLSTATE;
  constructor() {
    super('changes are paused: the disk of the embedded database is almost full');
    // The logger says this once, when changes pause (config/logger.ts), not for every loop that meets it.
    this.name = 'ChangesPausedError';
  }
}

/** Words that make a statement a change (or may: a function call, a lock, a sequence step), outside quotes. */
const WRITING =
  /\b(insert|update|delete|merge|create|alter|drop|truncate|copy|grant|revoke|vacuum|analyze|cluster|reindex|refresh|nextval|setval|lock|notify|pg_notify|comment|import|prepare|checkpoint|call|do|discard)\b|\bfor\s+(no\s+key\s+|key\s+)?(update|share)\b/i;

/**
 * Whether `statement` could write. Quoted identifiers, string literals, dollar-quoted bodies and comments are set
 * aside first, so a column or a value named "update" does not count; anything unclear counts as a write.
 */
export function mayWrite(statement: string): boolean {
  const bare = statement
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, ' $$ ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""');
  return WRITING.test(bare);
}

type Queryable = {
  query(text: string, ...rest: unknown[]): Promise<unknown>;
  exec(text: string, ...rest: unknown[]): Promise<unknown>;
};

/**
 * `client` (PGlite, or one of its transactions) with every statement that could write refused while `guard` has
 * changes paused. Everything else passes through untouched.
 */
export function guardWrites<T extends Queryable & { transaction?: unknown }>(client: T, guard: DiskGuard): T {
  const refuse = (text: string) => {
    if (guard.isLow() && mayWrite(text)) throw new ChangesPausedError();
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec')
        return async (text: string, ...rest: unknown[]) => {
          refuse(text);
          return target[property](text, ...rest);
        };
      if (property === 'transaction' && typeof target.transaction === 'function')
        return <R>(callback: (tx: Queryable) => Promise<R>) =>
          (target.transaction as (cb: (tx: Queryable) => Promise<R>) => Promise<R>).call(target, (tx) =>
            callback(guardWrites(tx, guard)),
          );
      // PGlite keeps its state in private fields: its getters and methods run on the target, never the proxy.
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
