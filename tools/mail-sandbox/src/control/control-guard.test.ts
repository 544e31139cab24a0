import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZE_PATH, createHarness, form, type Harness, requestIdOf } from '../test-support/harness';
import { oauthFlow } from '../test-support/oauth-flow';
import { CONTROL_TOKEN_HEADER } from './control-guard';

const TOKEN = 'control-token-for-tests-0123456789';
const REMOTE = '203.0.113.7';
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ seed: false, controlToken: TOKEN });
});
afterAll(() => h.close());

describe('control API exposure', () => {
  it('answers a loopback caller without a token', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/sandbox/control/health' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 to a non-loopback caller without the token, and changes nothing', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/control/mailboxes/a@example.test'],
      ['POST', '/sandbox/control/reset'],
      ['POST', '/sandbox/control/mailboxes'],
    ] as const) {
      const response = await h.app.inject({
        method,
        url,
        remoteAddress: REMOTE,
        ...(method === 'POST' ? { payload: { address: 'x@example.test', provider: 'gmail' } } : {}),
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
    const lookup = await h.app.inject({ method: 'GET', url: '/sandbox/control/mailboxes/x@example.test' });
    expect(lookup.statusCode).toBe(404);
  });

  it('answers a non-loopback caller that presents the token, and no one with a wrong token', async () => {
    const right = await h.app.inject({
      method: 'GET',
      url: '/sandbox/control/health',
      remoteAddress: REMOTE,
      headers: { [CONTROL_TOKEN_HEADER]: TOKEN },
    });
    expect(right.statusCode).toBe(200);
    const bearer = await h.app.inject({
      method: 'GET',
      url: '/sandbox/control/health',
      remoteAddress: REMOTE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(bearer.statusCode).toBe(200);
    const wrong = await h.app.inject({
      method: 'GET',
      url: '/sandbox/control/health',
      remoteAddress: REMOTE,
      headers: { [CONTROL_TOKEN_HEADER]: `${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('treats a proxied request as remote even when the proxy is on loopback', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/sandbox/control/health',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a cross-site form POST and a cross-origin JSON call', async () => {
    const formPost = await h.app.inject({
      method: 'POST',
      url: '/sandbox/control/reset',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(formPost.statusCode).toBe(415);
    const crossOrigin = await h.app.inject({
      method: 'POST',
      url: '/sandbox/control/mailboxes',
      headers: { origin: 'https://evil.example' },
      payload: { address: 'evil@example.test', provider: 'gmail' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    const lookup = await h.app.inject({ method: 'GET', url: '/sandbox/control/mailboxes/evil@example.test' });
    expect(lookup.statusCode).toBe(404);
  });

  it('accepts a same-origin JSON call', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/sandbox/control/mailboxes?limit=0',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { address: 'same@example.test', provider: 'gmail' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('consent page redirects', () => {
  it('refuses an authorization request whose redirect_uri is not registered, so Deny cannot redirect there', async () => {
    const { page } = await oauthFlow(h).authorize('office365', {
      redirect_uri: 'https://evil.example/steal',
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('is not registered for client');
    expect(requestIdOf(page.body)).toBe('');
  });

  it('sends Deny back to a registered redirect_uri', async () => {
    const { page } = await oauthFlow(h).authorize('gmail');
    const deny = await h.call('POST', AUTHORIZE_PATH.gmail, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ request_id: requestIdOf(page.body), decision: 'deny' }),
    });
    expect(deny.statusCode).toBe(302);
    expect(new URL(String(deny.headers.location)).origin).toBe('http://app.test');
  });
});
