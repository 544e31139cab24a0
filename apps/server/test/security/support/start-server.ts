import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureLine } from '../../support/log-capture';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/main.ts');

export type RunningServer = { url: string; dataDir: string; output: () => string; stop(): Promise<void> };

/** The real server (src/main.ts, the composition root) in a child process on 127.0.0.1:`port`. */
export async function startServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-security-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SYNC_INTERVAL_SECONDS: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
    captureLine(String(chunk));
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
    captureLine(String(chunk));
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('Ledgerdesk is running')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
