import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';

/**
 * The IMAP journeys' own app (decision 023): a private Dovecot, and the production build started beside the shared one
 * (on E2E_PORT + 1) with IMAP_ALLOW_PRIVATE_HOSTS and the Dovecot CA. Other journeys keep the shared app, which
 * neither starts Dovecot nor allows private hosts.
 */
export const IMAP_APP_PORT = Number(process.env.E2E_PORT ?? 3999) + 1;
export const IMAP_APP_URL = `http://localhost:${IMAP_APP_PORT}`;

export type ImapApp = { dovecot: DovecotServer; stop(): Promise<void> };

/** Starts Dovecot and the app; null with the reason where Dovecot cannot be installed here. */
export async function startImapApp(): Promise<ImapApp | { unavailable: string }> {
  const started = await startDovecot();
  if (started.unavailable !== null) return { unavailable: started.unavailable };
  const dovecot = started.server;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-e2e-imap-'));
  const server: ChildProcess = spawn('node', ['../apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(IMAP_APP_PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MAIL_SANDBOX: 'on',
      SIGN_IN_MAX_ATTEMPTS_PER_IP: '1000',
      IMAP_ALLOW_PRIVATE_HOSTS: 'true',
      IMAP_EXTRA_CA_FILE: path.join(dovecot.dir, 'tls/ca.crt'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await dovecot.stop();
  };
  try {
    await waitForHealth(`${IMAP_APP_URL}/api/health`, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { dovecot, stop };
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const isUp = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (isUp) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The IMAP journeys' app did not start at ${url}`);
}
