import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from './db-types';
import { type DiskGuard, guardWrites, watchDiskSpace } from './disk-guard';
import { runMigrations } from './migrate';
import * as schema from './schema/index';

export type { Db, DbOrTx, Schema } from './db-types';

export type ChangeListener = (payload: string) => void;

/**
 * How the job engine (pg-boss) reaches the database: its own pool on PostgreSQL (as the migration owner, in
 * its own schema), or an adapter over the one embedded PGlite session.
 */
export type JobsConnection =
  | { connectionString: string }
  | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** The schema pg-boss keeps its queues and jobs in. */
export const JOBS_SCHEMA = 'pgboss';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  jobs: JobsConnection;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onReconnect` is called each time a lost
   * LISTEN connection is back: what was notified meanwhile never arrived.
   */
  listen(channel: string, onPayload: ChangeListener, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database's disk watch (decision 041); null on PostgreSQL and in memory. */
  disk: DiskGuard | null;
};

export const APP_ROLE = 'ledgerdesk_app';

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** How the app connects after migrating; defaults to the databaseUrl with the app role as user. */
  appDatabaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** PGlite in `dataDir` only: below this much free space changes pause (decision 041); 0 turns the watch off. */
  diskFreeMinBytes?: number | undefined;
  /** How the watch measures free space (tests); the file system's own figure by default. */
  diskFreeBytes?: ((dir: string) => Promise<number>) | undefined;
  /** Told when changes pause or resume for want of disk space. */
  onDiskChange?: ((isLow: boolean, freeBytes: number) => void) | undefined;
};

/**
 * Opens PostgreSQL — embedded PGlite in `dataDir` (in memory without one) or a real server at
 * `databaseUrl` — applies the migrations as the owner, then drops to the app role so that every
 * query after this point is subject to row-level security.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.appDatabaseUrl)
    : openPglite(options);
}

/** The free space below which an embedded database pauses changes, unless configured. */
export const DEFAULT_DISK_FREE_MIN_BYTES = 256 * 1024 * 1024;

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { dataDir } = options;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const minFreeBytes = options.diskFreeMinBytes ?? DEFAULT_DISK_FREE_MIN_BYTES;
  const disk =
    dataDir && minFreeBytes > 0
      ? watchDiskSpace({
          dir: dataDir,
          minFreeBytes,
          freeBytes: options.diskFreeBytes,
          onChange: options.onDiskChange,
        })
      : null;
  // Nothing is written before the disk has been measured once.
  await disk?.check();
  const embedded = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const client = disk ? guardWrites(embedded, disk) : embedded;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await runMigrations(db);
  // pg-boss shares the one session, so it runs as the app role too and creates its own schema (which its
  // install does with CREATE SCHEMA IF NOT EXISTS, needing CREATE on the database). Embedded only.
  await client.exec(`GRANT CREATE ON DATABASE ${await currentDatabase(client)} TO ${APP_ROLE}`);
  // Embedded PGlite has one session: it continues as the app role, which row-level security binds.
  await client.exec(`SET SESSION AUTHORIZATION ${APP_ROLE}`);
  return {
    db,
    kind: 'pglite',
    jobs: {
      // pg-boss sends its multi-statement scripts without parameters: those go through exec.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    async listen(channel, onPayload) {
      const unsubscribe = await embedded.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async close() {
      disk?.stop();
      await embedded.close();
    },
    disk,
  };
}

async function currentDatabase(client: PGlite): Promise<string> {
  const result = await client.query<{ name: string }>('select current_database() as name');
  return pg.escapeIdentifier(result.rows[0]?.name ?? 'postgres');
}

async function openPostgres(databaseUrl: string, appDatabaseUrl: string | undefined): Promise<Database> {
  const owner = new pg.Client({ connectionString: databaseUrl });
  // A connection ended between two statements raises 'error' on the client, which would end the process; the
  // next statement then fails and so does the start, with its cause.
  owner.on('error', () => {});
  await owner.connect();
  try {
    await runMigrations(drizzleNodePg(owner, { schema }) as unknown as Db);
  } finally {
    await owner.end();
  }
  const appUrl = await resolveAppConnection(databaseUrl, appDatabaseUrl);
  // When the server does not let the app role log in (password auth without DATABASE_APP_URL), every
  // connection switches to it at startup instead, through the `role` setting. JIT is off for every session:
  // the app's statements are short (keyset pages, actions on a few thousand rows by id), yet their cost
  // estimates can pass jit_above_cost, and compiling then costs far more than running (100+ ms measured on
  // the list's page query, which set it per transaction before).
  const pool = new pg.Pool({
    connectionString: appUrl ?? databaseUrl,
    max: 10,
    options: appUrl ? '-c jit=off' : `-c jit=off -c role=${APP_ROLE}`,
  });
  // An idle connection the server ends (a restart, a failover, an administrator, a dropped test database) is
  // discarded by the pool and the next query opens a new one; without a listener node-postgres would raise the
  // error out of the process.
  pool.on('error', () => {});
  // The pool drops its own listener from a client it lends (a transaction holds one between its statements), so a
  // connection ended then would raise 'error' out of the process: every client listens for its whole life. The
  // work that held it fails on its next statement (the client is no longer queryable), and the pool discards it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners: Array<{ stop(): Promise<void> }> = [];
  return {
    db,
    kind: 'postgres',
    jobs: { connectionString: databaseUrl },
    async listen(channel, onPayload, onReconnect) {
      const listener = await listenWithReconnect(appUrl ?? databaseUrl, channel, onPayload, onReconnect);
      listeners.push(listener);
      return async () => {
        listeners.splice(listeners.indexOf(listener), 1);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await pool.end();
    },
    disk: null,
  };
}

/** The URL to connect as the app role, or null when that role cannot log in on this server. */
async function resolveAppConnection(
  databaseUrl: string,
  appDatabaseUrl: string | undefined,
): Promise<string | null> {
  const candidate = appDatabaseUrl ?? withUser(databaseUrl, APP_ROLE);
  const probe = new pg.Client({ connectionString: candidate });
  probe.on('error', () => {});
  try {
    await probe.connect();
    const result = await probe.query<{ user: string }>('select current_user as user');
    return result.rows[0]?.user === APP_ROLE ? candidate : null;
  } catch (error) {
    if (appDatabaseUrl) throw error;
    return null;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

function withUser(url: string, user: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = '';
  return parsed.toString();
}

/** The longest wait between two attempts to LISTEN again: live events flow within about this of the database's return. */
const LISTEN_RETRY_MAX_MS = 1000;

/**
 * A dedicated LISTEN connection that comes back by itself: a dropped connection (server restart, network)
 * is logged and re-established every second at most (one connection attempt a second per channel is cheap, and
 * a growing back-off kept live events away for seconds after the database was back), so live updates resume
 * without a process restart; `onReconnect` then tells the streams that they may have missed some (decision 036).
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: ChangeListener,
  onReconnect: (() => void) | undefined,
) {
  let client: pg.Client | null = null;
  let isStopped = false;
  let attempt = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', (error) => {
      console.warn(`LISTEN ${channel}: connection lost (${error.message}); reconnecting`);
      scheduleReconnect();
    });
    next.on('end', () => scheduleReconnect());
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    attempt = 0;
  };
  const scheduleReconnect = () => {
    if (isStopped || client === null) return;
    const dead = client;
    client = null;
    dead.removeAllListeners('end');
    void dead.end().catch(() => undefined);
    const retry = () => {
      if (isStopped) return;
      attempt += 1;
      connect().then(
        () => onReconnect?.(),
        () => setTimeout(retry, Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** attempt)),
      );
    };
    setTimeout(retry, Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** attempt));
  };
  await connect();
  return {
    async stop() {
      isStopped = true;
      const current = client;
      client = null;
      current?.removeAllListeners('end');
      await current?.end().catch(() => undefined);
    },
  };
}
