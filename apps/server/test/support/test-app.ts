import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieHeader } from '@ledgerdesk/test-support/seed/session-cookie';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { parseEnv } from '../../src/config/env';
import type { Clock } from '../../src/time/clock';
import { capturedLogger, rememberSecret } from './log-capture';
import { createTestDatabase, type TestDatabaseKind } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
};

/** The env of an app under test (quiet, no mounted sandbox), with `overrides` on top. */
export function testEnv(overrides: NodeJS.ProcessEnv = {}) {
  return parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_SANDBOX: 'off', ...overrides });
}

/** The real app on a fresh database, ready for `app.inject`. */
export async function createTestApp(
  kind: TestDatabaseKind,
  overrides: Record<string, string> = {},
  options: {
    clock?: Clock;
    publicUrl?: string;
    loggerInstance?: FastifyBaseLogger;
    webDistDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-test-'));
  const env = testEnv({ DATA_DIR: dataDir, ...overrides });
  const database = await createTestDatabase(kind);
  const app = await buildApp({
    env,
    database,
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    clock: options.clock,
    // The security suite captures every app's log (support/log-capture.ts); elsewhere the app is quiet.
    loggerInstance: options.loggerInstance ?? capturedLogger(),
    webDistDir: options.webDistDir,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a new user up through the API and returns the session cookie header. */
export async function signUp(
  app: FastifyInstance,
  email: string,
  password = 'ledger-desk-42',
): Promise<{ cookie: string; userId: string; email: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: '' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  // Signed session cookie values are `<token>.<signature>`: either part in a log would be a leak.
  const sessionValues = cookie
    .split('; ')
    .flatMap((pair) => decodeURIComponent(pair.split('=')[1] ?? '').split('.'));
  rememberSecret(password, ...sessionValues);
  return {
    cookie,
    userId: (response.json() as { user: { id: string } }).user.id,
    email,
  };
}
