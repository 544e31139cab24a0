import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailSandboxPlugin } from './mail-sandbox-plugin';

describe('plugin encapsulation', () => {
  it('keeps its parsers and hooks to itself, next to a parent that has its own form parser', async () => {
    const app = Fastify();
    await app.register(formbody);
    let parentHookCalls = 0;
    app.addHook('onRequest', async () => {
      parentHookCalls++;
    });
    app.post('/api/echo', async (request) => ({ body: request.body ?? null }));
    await app.register(mailSandboxPlugin, { prefix: '/sandbox', publicUrl: 'http://localhost:3000/sandbox' });
    await app.ready();

    expect(app.hasContentTypeParser('multipart/mixed')).toBe(false);
    expect(app.hasContentTypeParser('message/rfc822')).toBe(false);
    const multipart = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'multipart/mixed; boundary=x' },
      payload: '--x--',
    });
    expect(multipart.statusCode).toBe(415);
    const emptyJson = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(400);
    const parentForm = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(parentForm.json()).toEqual({ body: { a: '1' } });

    const health = await app.inject({ method: 'GET', url: '/sandbox/control/health' });
    expect(health.json()).toEqual({ ok: true });
    const token = await app.inject({
      method: 'POST',
      url: '/sandbox/google/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=unknown&redirect_uri=http%3A%2F%2Fx.test',
    });
    expect(token.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
    expect(parentHookCalls).toBe(5);

    const index = await app.inject({ method: 'GET', url: '/sandbox' });
    expect(index.json().config.GMAIL_API_URL).toBe('http://localhost:3000/sandbox/gmail');
    await app.close();
  });
});
