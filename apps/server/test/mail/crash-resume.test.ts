import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningMailSandbox, startMailSandbox } from '@ledgerdesk/mail-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { testEnv } from '../support/test-app';
import { connectMailbox, controlClient, sandboxEnv, signUp } from './support/mail-harness';
import { mailboxKeys } from './support/mailbox-compare';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, 'support', 'sync-child.ts');
const MESSAGES = 5000;

async function openApp(dataDir: string, sandboxUrl: string) {
  const env = testEnv({
    DATA_DIR: dataDir,
    ...sandboxEnv(sandboxUrl),
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp({ env, database, publicUrl: 'http://localhost:3000' });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Runs the child; with `killAfter` it is SIGKILLed once it reports that many processed messages. */
function runChild(
  args: string[],
  killAfter?: number,
): Promise<{ code: number | null; signal: string | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // Decode as a stream: a multi-byte character split across two chunks must not become U+FFFD.
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const last = [...output.matchAll(/progress (\d+)/g)].at(-1)?.[1];
      if (killAfter !== undefined && last && Number(last) >= killAfter && child.exitCode === null)
        child.kill('SIGKILL');
    });
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

describe('a sync killed mid-way (PGlite)', () => {
  let sandbox: RunningMailSandbox;
  let dataDir: string;
  beforeAll(async () => {
    sandbox = await startMailSandbox({ port: 0, seed: false, contract: {} });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-crash-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`resumes after SIGKILL from the committed cursors and ends with exactly the mailboxes' ${MESSAGES} messages each, no duplicates`, async () => {
    const control = controlClient(sandbox.url);
    const providers = ['office365', 'gmail'] as const;
    const setup = await openApp(dataDir, sandbox.url);
    const { cookie, userId } = await signUp(setup.app, 'crash@ledgerdesk.test');
    const boxes: Array<{ address: string; integrationId: string }> = [];
    for (const provider of providers) {
      const address = `crash-${provider}@firm.test`;
      await control('POST', '/mailboxes', { address, provider, messages: MESSAGES });
      boxes.push({ address, integrationId: await connectMailbox(setup.app, cookie, provider, address) });
    }
    await setup.close();

    // Both mailboxes sync at once; the child dies once each has about half of its messages committed.
    const args = [dataDir, sandbox.url, userId, ...boxes.map((box) => box.integrationId)];
    const killed = await runChild(args, MESSAGES / 2);
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.output).not.toContain('done');
    const finished = await runChild(args);
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toContain('done [0,0]');

    const stored = JSON.parse(/^stored (.*)$/m.exec(finished.output)?.[1] ?? '{}') as Record<
      string,
      { keys: string[]; ids: number; distinctIds: number }
    >;
    // The resumed run starts from the committed cursors: it lists what was left, not the whole mailbox again
    // (the first run had committed at least half of each before it was killed).
    const processed = JSON.parse(/^processed (.*)$/m.exec(finished.output)?.[1] ?? '{}') as Record<
      string,
      number
    >;
    for (const box of boxes) {
      const result = stored[box.integrationId];
      // (0 when the first run had already finished this mailbox; all of it if cursors were never committed.)
      expect(processed[box.integrationId] ?? 0).toBeLessThan(MESSAGES * 0.75);
      expect(result?.distinctIds).toBe(result?.ids);
      const expected = await mailboxKeys(control, box.address);
      expect(expected.length).toBeGreaterThan(MESSAGES * 0.9);
      expect(result?.keys).toEqual(expected);
    }
  }, 300_000);
});
