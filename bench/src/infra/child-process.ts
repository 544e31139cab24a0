import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const READY_PREFIX = 'BENCH_READY ';

/** A harness server running in its own Node process, so that its CPU is not the client's. */
export type RunningChild<T> = { info: T; process: ChildProcess; stop(): Promise<void> };

const running = new Set<ChildProcess>();

/** The Node flags `npm start` gives the server (apps/server/node-flags.json): app servers here run with them too. */
const SERVER_FLAGS: string[] = JSON.parse(
  fs.readFileSync(path.join(BENCH_ROOT, '../apps/server/node-flags.json'), 'utf8'),
).flags;

/**
 * Starts `bench/src/<file>` with tsx and waits for its ready line (`BENCH_READY {json}`); an app server
 * (`harness/app-server.ts`) gets the server's production Node flags.
 */
export async function startChild<T>(
  name: string,
  file: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<RunningChild<T>> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...(file === 'harness/app-server.ts' ? SERVER_FLAGS : []),
      // BENCH_CPU_PROFILE_DIR: every child (app servers, the sandbox) writes its CPU profile there on exit.
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
        : []),
      '--import',
      'tsx',
      path.join(BENCH_ROOT, 'src', file),
    ],
    {
      cwd: BENCH_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefixLines(name, chunk.toString())));
  const info = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.startsWith(READY_PREFIX)) {
          clearTimeout(timer);
          resolve(JSON.parse(line.slice(READY_PREFIX.length)) as T);
        } else if (line.trim()) process.stderr.write(prefixLines(name, `${line}\n`));
        newline = buffer.indexOf('\n');
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
  return { info, process: child, stop: () => stopChild(child) };
}

/** Asks a child to shut down (SIGTERM), killing it after 15 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(child);
    return;
  }
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
  running.delete(child);
}

/** Stops every child still running (on an error or Ctrl-C). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

function prefixLines(name: string, text: string): string {
  return text
    .split('\n')
    .map((line, index, lines) => (index === lines.length - 1 && line === '' ? '' : `[${name}] ${line}\n`))
    .join('');
}
