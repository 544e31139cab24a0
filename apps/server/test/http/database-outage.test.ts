import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { type DatabaseCutProxy, startDatabaseCutProxy } from '../support/database-cut-proxy';
import { signUp, testEnv } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

type ErrorBody = { error: { code: string; message: string } };

// While PostgreSQL is unreachable (here: a proxy in front of it taken down, as a stopped server looks), a request
// that needs the database answers 503 with Retry-After and a short sentence, /api/health answers 503 naming the
// database, never a 500, a stack or SQL; once it is back, the same requests answer as before.
describe.skipIf(!process.env.TEST_DATABASE_URL)('requests while the database is away (postgres)', () => {
  let proxy: DatabaseCutProxy;
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let cookie = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-outage-'));

  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    const url = new URL(owner.url ?? '');
    proxy = await startDatabaseCutProxy({ host: url.hostname, port: Number(url.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlFor(url.toString()) });
    app = await buildApp({
      env: testEnv({ DATA_DIR: dataDir }),
      database,
      publicUrl: 'http://localhost:3000',
    });
    await app.ready();
    cookie = (await signUp(app, 'outage@firm.test')).cookie;
  }, 60_000);
  afterAll(async () => {
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

  it('answers as before once the database is back', async () => {
    await proxy.up();
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode, profile.body).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, database: 'postgres' });
  });
});
