import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** Builds the production bundles (`npm run build`) when asked to, or when the web build is missing. */
export function ensureBuild(shouldBuild: boolean, log: (message: string) => void): void {
  const isBuilt = fs.existsSync(path.join(WEB_DIST, 'index.html'));
  if (!shouldBuild && isBuilt) return;
  log(
    isBuilt ? 'building the production bundles (npm run build)' : 'no web build yet: running npm run build',
  );
  underBuildLock(['npm', 'run', 'build']);
}

/**
 * A private copy of the web build for this run: other builds of the shared checkout may replace
 * apps/web/dist mid-run, and the served index.html must keep pointing at files that exist.
 */
export function snapshotWebDist(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-web-'));
  // Under the build lock, so that a build running right now is not copied half-written.
  underBuildLock(['cp', '-R', `${WEB_DIST}/.`, dir]);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** An empty stand-in for the web build, for runs that serve no page (the fleet benchmark's nodes). */
export function emptyWebDist(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-web-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a command under `flock /tmp/build.lock` when flock exists: builds write shared dist folders. */
function underBuildLock(command: string[]): void {
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  const [file, ...args] = hasFlock ? ['flock', '/tmp/build.lock', ...command] : command;
  execFileSync(file as string, args, { cwd: REPO_ROOT, stdio: ['ignore', 2, 2] });
}
