import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../config';

/** A fresh, empty database for one app server: a PGlite data folder, or a new database on the server. */
export type BenchDatabase = {
  label: string;
  kind: 'pglite' | 'postgres';
  /** Environment for the app server: DATABASE_URL for PostgreSQL, PGLITE_DIR for PGlite. */
  env: Record<string, string>;
  drop(): Promise<void>;
};

/** Creates the database a run of the app server uses; `drop` removes every trace of it. */
export async function createBenchDatabase(target: DatabaseTarget): Promise<BenchDatabase> {
  if (target.kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-pglite-'));
    return {
      label: 'PGlite',
      kind: 'pglite',
      env: { PGLITE_DIR: dir },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `ledgerdesk_bench_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(target.adminUrl, `create database ${name}`);
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const version = await serverVersion(url.toString());
  return {
    label: `PostgreSQL ${version}`,
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    drop: () => adminQuery(target.adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Whether a PostgreSQL server answers at `url` (smoke runs use it only when it does). */
export async function isReachable(url: string): Promise<boolean> {
  try {
    await adminQuery(url, 'select 1');
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version.split(' ')[0] ?? '';
  } finally {
    await client.end();
  }
}
