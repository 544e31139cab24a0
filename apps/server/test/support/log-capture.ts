import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from '../../src/config/logger';

/** What a run that captures its logs holds: every line written, and the secrets that went by. */
type Capture = { lines: string[]; secrets: Set<string> };

// One per test file's process (vitest forks), shared by the setup file and the support modules.
const CAPTURE = Symbol.for('ledgerdesk.test.logCapture');
type WithCapture = { [CAPTURE]?: Capture };
const current = () => (globalThis as WithCapture)[CAPTURE];

/** From now on test apps log into the capture (createTestApp), and secrets they are handed are remembered. */
export function startLogCapture(): Capture {
  const capture: Capture = { lines: [], secrets: new Set() };
  (globalThis as WithCapture)[CAPTURE] = capture;
  return capture;
}

/** Adds a line to the capture (a console print, a child process's output); nothing when none runs. */
export function captureLine(line: string): void {
  current()?.lines.push(line);
}

/** The server's logger (with its redaction) writing into the capture, at debug level; undefined when none runs. */
export function capturedLogger(): FastifyBaseLogger | undefined {
  const capture = current();
  if (!capture) return undefined;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      capture.lines.push(String(chunk));
      done();
    },
  });
  return createLogger('debug', stream);
}

/** Remembers secrets a test handed the app (passwords, session tokens, clientStates) for the final grep. */
export function rememberSecret(...values: string[]): void {
  const capture = current();
  if (!capture) return;
  for (const value of values) if (value.length >= 6) capture.secrets.add(value);
}

/** The remembered secrets that appear in a captured line, as `secret: first line`; empty when none runs. */
export function leakedSecrets(): string[] {
  const capture = current();
  if (!capture) return [];
  const leaks: string[] = [];
  for (const secret of capture.secrets) {
    const line = capture.lines.find((candidate) => candidate.includes(secret));
    if (line) leaks.push(`${secret}: ${line.slice(0, 300)}`);
  }
  return leaks;
}
