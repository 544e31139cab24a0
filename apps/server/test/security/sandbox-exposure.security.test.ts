// The mail sandbox where it must not be: the real server (main.ts) started as production would start it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/start-server';

const MICROSOFT_ONLY = { MICROSOFT_CLIENT_ID: 'prod-client', MICROSOFT_CLIENT_SECRET: 'prod-secret' };

describe('a production server configured for one provider', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(4021, { NODE_ENV: 'production', ...MICROSOFT_ONLY });
  });
  afterAll(async () => server?.stop());

  it('serves no /sandbox/ at all', async () => {
    for (const url of ['/sandbox/', '/sandbox/control/health', '/sandbox/control/mailboxes/a@b.test']) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
    }
    const reset = await fetch(`${server.url}/sandbox/control/reset`, { method: 'POST' });
    expect(reset.status).toBe(404);
    expect(server.output()).not.toContain('mail sandbox on');
  });
});

describe('a production server with MAIL_SANDBOX=on', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(4022, { NODE_ENV: 'production', MAIL_SANDBOX: 'on' });
  });
  afterAll(async () => server?.stop());

  const token = () => fs.readFileSync(path.join(server.dataDir, 'sandbox-control-token.key'), 'utf8').trim();
  // A caller behind a proxy is not on loopback, even when the proxy is.
  const remote = { 'x-forwarded-for': '203.0.113.9' };

  it('answers the control API to loopback callers', async () => {
    expect((await fetch(`${server.url}/sandbox/control/health`)).status).toBe(200);
  });

  it('answers 401 to a non-loopback control call without the token, and 200 with it', async () => {
    const without = await fetch(`${server.url}/sandbox/control/health`, { headers: remote });
    expect(without.status).toBe(401);
    const reset = await fetch(`${server.url}/sandbox/control/reset`, { method: 'POST', headers: remote });
    expect(reset.status).toBe(401);
    const withToken = await fetch(`${server.url}/sandbox/control/health`, {
      headers: { ...remote, 'x-sandbox-control-token': token() },
    });
    expect(withToken.status).toBe(200);
  });

  it('generates the token into DATA_DIR and prints it in the start banner', () => {
    expect(token().length).toBeGreaterThanOrEqual(32);
    expect(server.output()).toContain(token());
  });

  it('refuses a cross-site form POST to the control API', async () => {
    const response = await fetch(`${server.url}/sandbox/control/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'a=1',
    });
    expect([403, 415]).toContain(response.status);
  });

  it('caps provisioning per request', async () => {
    const response = await fetch(`${server.url}/sandbox/control/mailboxes?limit=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: 'bomb@example.test', provider: 'gmail', messages: 100_000 }),
    });
    expect(response.status).toBe(400);
  });

  it('redirects from the consent page only to the app’s own redirect URI', async () => {
    const authorize = (redirectUri: string) =>
      fetch(
        `${server.url}/sandbox/microsoft/common/oauth2/v2.0/authorize?${new URLSearchParams({
          client_id: 'ledgerdesk-sandbox',
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'offline_access Mail.ReadWrite',
        })}`,
      );
    expect((await authorize('https://evil.example/steal')).status).toBe(400);
    // PUBLIC_URL defaults to http://localhost:PORT.
    expect((await authorize('http://localhost:4022/integrations/email?provider=office365')).status).toBe(200);
  });
});
