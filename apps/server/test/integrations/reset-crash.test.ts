import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningMailSandbox, startMailSandbox } from '@ledgerdesk/mail-sandbox';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { triageItems } from '../../src/db/schema/triage-items';
import { withUser } from '../../src/db/with-user';
import { syncIntegration } from '../../src/mail/mail-service';
import { connectMailbox, controlClient, sandboxEnv, signUp } from '../mail/support/mail-harness';
import type { MailboxSummary } from '../mail/support/mailbox-compare';
import { storedItems } from '../mail/support/mailbox-compare';
import { testEnv } from '../support/test-app';
import { createTestDatabase, testDatabaseKinds } from '../support/test-database';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, 'support', 'reset-child.ts');
const MESSAGES = 1500;
const FOLDERS = ['inbox', 'sent', 'archive'] as const;

async function openApp(dataDir: string, databaseUrl: string, sandboxUrl: string) {
  const env = testEnv({
    DATA_DIR: dataDir,
    ...sandboxEnv(sandboxUrl),
  });
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'pglite') },
  );
  const app = await buildApp({ env, database, publicUrl: 'http://localhost:3000' });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs the child; with `killOnFirstCommit` it is SIGKILLed as soon as the first folder's rebuild committed. */
function runChild(
  args: string[],
  killOnFirstCommit: boolean,
): Promise<{ signal: string | null; code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killOnFirstCommit && output.includes('committed') && child.exitCode === null) child.kill('SIGKILL');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

type FolderState = { count: number; organised: number };

async function folderStates(app: FastifyInstance, userId: string, integrationId: string) {
  const items = await storedItems(app, userId, integrationId);
  return Object.fromEntries(
    FOLDERS.map((folder) => {
      const inFolder = items.filter((item) => item.metadata.mail_folder === folder);
      return [
        folder,
        {
          count: inFolder.length,
          organised: inFolder.filter((item) => item.metadata.organised_by_hand).length,
        },
      ];
    }),
  ) as Record<(typeof FOLDERS)[number], FolderState>;
}

describe.each(testDatabaseKinds)('an Enhanced Reset killed mid-run (%s)', (kind) => {
  let sandbox: RunningMailSandbox;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  beforeAll(async () => {
    sandbox = await startMailSandbox({ port: 0, seed: false, contract: {} });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-reset-crash-'));
    // On PostgreSQL the child and this test share a fresh database; on PGlite they take turns on a data folder.
    if (kind === 'postgres') database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await sandbox?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves every folder either as it was or fully rebuilt, never half-empty, and a rerun completes', async () => {
    const databaseUrl = database?.url ?? '';
    const control = controlClient(sandbox.url);
    const address = `reset-crash-${kind}@firm.test`;
    await control('POST', '/mailboxes', { address, provider: 'office365', messages: MESSAGES });
    const summary = await control<MailboxSummary>('GET', `/mailboxes/${encodeURIComponent(address)}`);
    const totals = Object.fromEntries(FOLDERS.map((folder) => [folder, summary.folders[folder].total]));

    const setup = await openApp(dataDir, databaseUrl, sandbox.url);
    const { cookie, userId } = await signUp(setup.app, `reset-crash-${kind}@ledgerdesk.test`);
    const integrationId = await connectMailbox(setup.app, cookie, 'office365', address);
    const first = await syncIntegration(
      { deps: setup.app.mail, userId },
      { integrationId, daysBack: 30, maxEmails: 10_000 },
    );
    expect(first.criticalErrors).toBe(0);
    // Everything is "organised by hand" before the reset, so a rebuilt folder is told apart from an untouched one.
    await withUser(setup.app.db, userId, (tx) =>
      tx
        .update(triageItems)
        .set({
          status: 'later',
          metadata: sql`${triageItems.metadata} || '{"organised_by_hand": true}'::jsonb`,
        })
        .where(
          and(eq(triageItems.emailIntegrationId, integrationId), ne(triageItems.notificationType, 'system')),
        ),
    );
    const before = await folderStates(setup.app, userId, integrationId);
    for (const folder of FOLDERS)
      expect(before[folder]).toEqual({ count: totals[folder], organised: totals[folder] });
    await setup.close();

    const args = [dataDir, databaseUrl, sandbox.url, userId, integrationId];
    const killed = await runChild(args, true);
    expect(killed.signal, killed.output).toBe('SIGKILL');
    expect(killed.output).not.toContain('done');

    const check = await openApp(dataDir, databaseUrl, sandbox.url);
    try {
      const after = await folderStates(check.app, userId, integrationId);
      const rebuilt = FOLDERS.filter((folder) => after[folder].organised === 0);
      for (const folder of FOLDERS) {
        const state = after[folder];
        // As it was (every item still organised) or fully rebuilt (none organised, all present).
        const isUntouched = state.count === totals[folder] && state.organised === totals[folder];
        const isRebuilt = state.count === totals[folder] && state.organised === 0;
        expect(isUntouched || isRebuilt, `${folder}: ${JSON.stringify(state)}`).toBe(true);
      }
      expect(rebuilt.length, 'the kill landed after the first folder and before the last').toBeGreaterThan(0);
      expect(rebuilt.length).toBeLessThan(FOLDERS.length);
    } finally {
      await check.close();
    }

    const rerun = await runChild(args, false);
    expect(rerun.code, rerun.output).toBe(0);
    const final = await openApp(dataDir, databaseUrl, sandbox.url);
    try {
      const states = await folderStates(final.app, userId, integrationId);
      for (const folder of FOLDERS) expect(states[folder]).toEqual({ count: totals[folder], organised: 0 });
      const ids = (await storedItems(final.app, userId, integrationId)).map((item) => item.emailMessageId);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await final.close();
    }
  }, 300_000);
});
