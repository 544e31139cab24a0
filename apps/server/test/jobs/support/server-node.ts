import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

export type ServerNode = {
  name: string;
  url: string;
  process: ChildProcess;
  log: string[];
  stop(): Promise<void>;
};

/**
 * A real server process (the composition root, run with tsx) on its own port and data folder, sharing the
 * database at `databaseUrl`; its connections carry `application_name=<name>` so a test can tell which node
 * holds a lock. Without a database URL it runs on the embedded PGlite of its data folder: pass `dataDir` to
 * start it on the data of an earlier run (the folder is then the caller's to remove).
 */
export async function startServerNode(
  name: string,
  port: number,
  databaseUrl: string | null,
  env: Record<string, string>,
  options: { dataDir?: string } = {},
): Promise<ServerNode> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `ledgerdesk-${name}-`));
  const url = databaseUrl ? new URL(databaseUrl) : null;
  url?.searchParams.set('application_name', name);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url.toString() } : {}),
      WEB_DIST_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => log.push(chunk));
  child.stderr?.on('data', (chunk: string) => log.push(chunk));
  const base = `http://127.0.0.1:${port}`;
  const giveUp = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${log.join('')}`);
    const ok = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > giveUp) throw new Error(`${name} did not start: ${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    name,
    url: base,
    process: child,
    log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
