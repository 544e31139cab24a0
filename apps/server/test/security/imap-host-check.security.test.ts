// Decision 030: IMAP Test connection refuses the server's own addresses (every interface) before dialling, in the
// same words and the same time whether a port there is open or closed; and its limit of 10 a minute per user is
// counted in the database, so two app instances on one database share it. PGlite and PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IMAP_API, type ImapConnectBody } from '@ledgerdesk/domain/api/imap-connect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { IMAP_TOO_MANY_ATTEMPTS } from '../../src/features/integrations/imap-attempt-limiter';
import { isPrivateAddress } from '../../src/mail/providers/imap/resolve-host';
import { rememberSecret } from '../support/log-capture';
import { createTestApp, signUp, type TestApp, testEnv } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

/** This machine's own addresses that are not loopback (what a user could type to make the server dial itself). */
const ownAddresses = Object.values(os.networkInterfaces())
  .flat()
  .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
  .map((entry) => entry?.address as string);

// The suite's log grep (support/capture-logs.ts) looks for the password too.
rememberSecret('pw-never-sent');

const body = (host: string, port: number): ImapConnectBody => ({
  email: 'someone@example.test',
  password: 'pw-never-sent',
  imap: { host, port, security: 'tls' },
  smtp: { host, port, security: 'tls' },
});

describe.each(testDatabaseKinds)('IMAP host check and Test connection limit (%s)', (kind) => {
  let t: TestApp;
  let second: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-second-'));
  let listener: net.Server;
  let openPort = 0;
  let closedPort = 0;
  let dialled = 0;

  beforeAll(async () => {
    // One secret for both instances, as a fleet's nodes share it: a session from one is valid on the other.
    const AUTH_SECRET = crypto.randomBytes(32).toString('hex');
    t = await createTestApp(kind, { AUTH_SECRET });
    second = await buildApp({
      env: testEnv({ DATA_DIR: dataDir, AUTH_SECRET }),
      database: t.database,
      publicUrl: 'http://localhost:3000',
    });
    await second.ready();
    listener = net.createServer((socket) => {
      dialled++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
    openPort = (listener.address() as net.AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '0.0.0.0', resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listener?.close(() => resolve()));
    await second?.close();
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses the server's own interface addresses in the same words and time for an open and a closed port", async () => {
    const user = await signUp(t.app, `host-check-${Date.now()}@ledgerdesk.test`);
    const hosts = ['127.0.0.1', ...ownAddresses];
    // Checked first, so a server that would dial its own address fails here without dialling anything.
    for (const host of hosts) expect(isPrivateAddress(host), host).toBe(true);
    const answers: Array<{ host: string; port: number; status: number; message: string; ms: number }> = [];
    for (const host of hosts)
      for (const port of [openPort, closedPort]) {
        const started = performance.now();
        const response = await t.app.inject({
          method: 'POST',
          url: IMAP_API.test,
          headers: { cookie: user.cookie },
          payload: body(host, port),
        });
        answers.push({
          host,
          port,
          status: response.statusCode,
          message: response.json().error?.message,
          ms: performance.now() - started,
        });
      }
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.message).toBe(
        `The IMAP server ${answer.host} is on a private network address, which this server does not connect to.`,
      );
      // No dial, no connect timeout: the same timing class for both ports.
      expect(answer.ms).toBeLessThan(1000);
    }
    expect(dialled).toBe(0);
  });

  it('shares the limit of 10 connection tests a minute between two app instances on one database', async () => {
    const user = await signUp(t.app, `shared-limit-${Date.now()}@ledgerdesk.test`);
    const test = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: IMAP_API.test,
        headers: { cookie: user.cookie },
        payload: body('127.0.0.1', closedPort),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await test(t.app)).statusCode);
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await test(second)).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));
    for (const app of [second, t.app]) {
      const refused = await test(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(IMAP_TOO_MANY_ATTEMPTS);
    }
  });
});
