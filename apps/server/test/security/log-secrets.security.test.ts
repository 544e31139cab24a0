// Secrets in URLs (invitation tokens, OAuth codes, webhook validation tokens) never reach the server log: the
// app as tests build it with the server's logger, on PGlite and PostgreSQL, and the real server (main.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger';
import { captureLine } from '../support/log-capture';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { type RunningServer, startServer } from './support/start-server';

// Requests whose URLs carry a secret, each a distinct string so a leak names its request.
const SECRET_URLS = [
  '/firm/join?token=SECRET-join-7f3a',
  '/integrations/email?code=SECRET-code-81c2&state=SECRET-state-44d0',
  '/api/firm?token=SECRET-api-token-5b19&view=all',
  '/api/profile?access_token=SECRET-access-2e6d&validationToken=SECRET-validation-90aa',
  '/api/no-such-route?password=SECRET-password-13f7&client_secret=SECRET-client-c0de',
];
const secretsOf = (url: string) => [...url.matchAll(/=(SECRET-[\w-]+)/g)].map((match) => match[1] as string);
const pathOf = (url: string) => url.split('?')[0] as string;

describe.each(testDatabaseKinds)('secrets in URLs stay out of the log (%s)', (kind) => {
  let t: TestApp;
  let log = '';
  const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Ledgerdesk</title>');
    const loggerInstance = createLogger('trace', {
      write: (line: string) => {
        log += line;
        captureLine(line);
      },
    });
    t = await createTestApp(kind, {}, { loggerInstance, webDistDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it("keeps an invitation link's token out of the log while the request line keeps its path", async () => {
    const owner = await signUp(t.app, 'log.owner@firm.test');
    const headers = { cookie: owner.cookie };
    const firm = await t.app.inject({
      method: 'POST',
      url: '/api/firm',
      headers,
      payload: { name: 'Logbook' },
    });
    expect(firm.statusCode).toBe(201);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/firm/invitations',
      headers,
      payload: { email: 'log.invitee@firm.test' },
    });
    expect(invited.statusCode).toBe(201);
    const link = new URL(invited.json().link as string);
    const token = link.searchParams.get('token') as string;
    expect(token.length).toBeGreaterThan(20);
    log = '';
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(log).toContain('"url":"/firm/join?token=[redacted]"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });

  it.each(SECRET_URLS)('logs %s with its path and no secret', async (url) => {
    const { cookie } = await signUp(t.app, `log.${Math.random().toString(36).slice(2)}@firm.test`);
    log = '';
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie } });
      expect(response.statusCode, method).toBeLessThan(500);
    }
    expect(log).toContain(pathOf(url));
    expect(log).toContain('[redacted]');
    for (const secret of secretsOf(url)) expect(log).not.toContain(secret);
  });
});

describe('the real server (main.ts) keeps secrets in URLs out of its output', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(4031, { NODE_ENV: 'production', LOG_LEVEL: 'trace' });
  });
  afterAll(async () => server?.stop());

  it('logs each request line with its path and no secret', async () => {
    for (const url of SECRET_URLS) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${server.url}${url}`, { method });
        expect(response.status, `${method} ${url}`).toBeLessThan(500);
      }
    }
    const output = server.output();
    for (const url of SECRET_URLS) {
      expect(output).toContain(pathOf(url));
      for (const secret of secretsOf(url)) expect(output, url).not.toContain(secret);
    }
    expect(output).toContain('/firm/join?token=[redacted]');
  });
});
