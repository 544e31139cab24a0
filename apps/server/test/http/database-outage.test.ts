import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { createLogger } from '../../src/config/logger';
import { type Database, openDatabase } from '../../src/db/client';
import { type DatabaseCutProxy, startDatabaseCutProxy } from '../support/database-cut-proxy';
import { signUp, testEnv } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

type ErrorBody = { error: { code: string; message: string } };

// While PostgreSQL is unreachable (here: a proxy in front of it taken down, as a stopped server looks), a request
// that needs the database answers 503 with Retry-After and a short sentence, /api/health answers 503 naming the
// database, never a 500, a stack or SQL; once it is back, the same requests answer as before. Everything logged
// meanwhile — the app's log and whatever a library prints to the console — holds none of the secrets that went by.
describe.skipIf(!process.env.TEST_DATABASE_URL)('requests while the database is away (postgres)', () => {
  let proxy: DatabaseCutProxy;
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let cookie = '';
  /** Every line the app logged and every console print, from the start of the outage. */
  const logged: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-outage-'));

  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    const url = new URL(owner.url ?? '');
    proxy = await startDatabaseCutProxy({ host: url.hostname, port: Number(url.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlFor(url.toString()) });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      env: testEnv({ DATA_DIR: dataDir }),
      database,
      publicUrl: 'http://localhost:3000',
      loggerInstance: createLogger('debug', stream),
    });
    await app.ready();
    cookie = (await signUp(app, 'outage@firm.test')).cookie;
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await proxy?.up().catch(() => undefined);
    await app?.close();
    await database?.close();
    await proxy?.close();
    await owner?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expectUnavailable = (response: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(response.statusCode, response.body).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const body = response.json() as ErrorBody;
    expect(body.error.code).toBe('database_unavailable');
    expect(body.error.message.length).toBeLessThan(120);
    expect(response.body).not.toMatch(/ECONN|select |insert |at .*\.(ts|js)|terminat|postgres/i);
  };

  it('answers 503 with Retry-After to a signed-in request and to a sign-in while the database is down', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode).toBe(
      200,
    );
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(
          args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' '),
        );
      });
    await proxy.down();
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } }));
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'outage@firm.test', password: 'ledger-desk-42' },
      }),
    );
  });

  it('answers 503 on /api/health saying the database is down, to local and remote callers', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
      const response = await app.inject({ method: 'GET', url: '/api/health', remoteAddress });
      expect(response.statusCode, response.body).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({ ok: false, down: ['database'] });
    }
  });

  it('logs none of the secrets its requests carried while the database was down', async () => {
    const secrets = {
      password: 'ledger-desk-42',
      bearer: 'bearer-secret-0f9e8d7c6b5a',
      oauthCode: 'oauth-code-secret-1a2b3c',
      oauthState: 'oauth-state-secret-4d5e6f',
      clientState: 'client-state-secret-7a8b9c',
      imapPassword: 'imap-password-secret-0d1e2f',
    };
    const sessionToken = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? '');
    const tokenPart = sessionToken.split('.')[0] ?? '';
    expect(tokenPart.length).toBeGreaterThan(10);
    const answers = [
      await app.inject({ method: 'GET', url: '/api/triage/items', headers: { cookie } }),
      await app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${secrets.bearer}`, cookie },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'outage@firm.test', password: secrets.password },
      }),
      await app.inject({
        method: 'GET',
        url: `/api/auth/get-session?code=${secrets.oauthCode}&state=${secrets.oauthState}`,
        headers: { cookie },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/webhooks/graph',
        payload: {
          value: [{ subscriptionId: 'sub-1', clientState: secrets.clientState, changeType: 'created' }],
        },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/integrations/00000000-0000-4000-8000-000000000000/imap-password',
        headers: { cookie },
        payload: { password: secrets.imapPassword },
      }),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).not.toBe(500);
    const log = logged.join('\n');
    // The scenario did log: the outage is visible in the log, only without its secrets.
    expect(log).toMatch(/database/i);
    for (const secret of [...Object.values(secrets), sessionToken, tokenPart])
      expect(log.includes(secret), `${secret} in the log:\n${log.slice(0, 4000)}`).toBe(false);
  });

  it('answers as before once the database is back', async () => {
    await proxy.up();
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode, profile.body).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, database: 'postgres' });
  });
});
