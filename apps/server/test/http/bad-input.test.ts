import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('answers malformed JSON with 400 and the error shape, no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a JSON body that is not UTF-8 with 400 instead of storing replacement characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from('{"email": "a@b.co", "password": "\xff\xfe"}', 'latin1'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid UTF-8 text.' },
    });
  });

  it('answers a JSON null body as the wrong type, not as an empty object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body must be a JSON object.');
  });

  it('answers an address the router cannot read in the API error shape, without echoing it', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/templates/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      error: { code: 'bad_request', message: 'The address of this request is not valid.' },
    });
    const longId = await t.app.inject({ method: 'GET', url: `/api/triage/threads/${'x'.repeat(2000)}` });
    expect(longId.statusCode).toBe(414);
    expect(longId.json()).toEqual({
      error: { code: 'uri_too_long', message: 'The address of this request is too long.' },
    });
  });

  it('answers wrong types with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 42, password: ['x'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers overlong strings with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `${'a'.repeat(400)}@firm.com`, password: 'ledger-desk-42' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('email: Email is too long');
  });

  it('caps request bodies with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'big@firm.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/nope' } });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses a cross-site state-changing request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co', password: 'whatever-1' },
    });
    expect(response.statusCode).toBe(403);
  });
});
