import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, registerRouteDeclarations } from '../../src/http/define-route';
import { registerErrorHandler } from '../../src/http/error-handler';

/** A bare app with one declared route; `signedIn` stands in for the session loader. */
async function appWith(signedIn: boolean) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerRouteDeclarations(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (signedIn) request.user = { id: 'u1', email: 'a@firm.test', name: 'A', emailVerified: true };
  });
  const seen: unknown[] = [];
  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/things/:id',
      summary: 'Change a thing.',
      auth: { action: 'change things' },
      params: z.strictObject({ id: z.uuid() }),
      body: z.strictObject({ name: z.string().min(1) }),
    },
    async ({ user, params, body }) => {
      seen.push({ user: user.id, params, body });
      return { ok: true };
    },
  );
  defineRoute(app, { method: 'GET', path: '/api/open', summary: 'Open.', auth: 'public' }, async () => ({}));
  await app.ready();
  return { app, seen };
}

const ID = '7b0c2f5e-2a4b-4d7e-9a51-3d1f0c9b8e21';

describe('defineRoute', () => {
  it('declares each route once (no HEAD twin), with its session need and schemas', async () => {
    const { app } = await appWith(true);
    expect(app.apiRoutes.map((route) => [route.method, route.path, route.needsSession])).toEqual([
      ['PATCH', '/api/things/:id', true],
      ['GET', '/api/open', false],
    ]);
    expect(app.apiRoutes[0]?.params).toBeDefined();
    expect(app.apiRoutes[0]?.body).toBeDefined();
    await app.close();
  });

  it('answers a signed-out caller 401 in the route’s words before looking at bad input', async () => {
    const { app, seen } = await appWith(false);
    const response = await app.inject({ method: 'PATCH', url: '/api/things/nope', payload: { name: '' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('You must be logged in to change things.');
    expect(seen).toEqual([]);
    await app.close();
  });

  it('validates params before the body, and hands the handler the parsed input', async () => {
    const { app, seen } = await appWith(true);
    const badBoth = await app.inject({ method: 'PATCH', url: '/api/things/nope', payload: { name: '' } });
    expect(badBoth.statusCode).toBe(400);
    expect(badBoth.json().error.message).toMatch(/^id: /);
    const badBody = await app.inject({ method: 'PATCH', url: `/api/things/${ID}`, payload: { name: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.message).toMatch(/^name: /);
    const good = await app.inject({ method: 'PATCH', url: `/api/things/${ID}`, payload: { name: 'Acme' } });
    expect(good.statusCode).toBe(200);
    expect(seen).toEqual([{ user: 'u1', params: { id: ID }, body: { name: 'Acme' } }]);
    await app.close();
  });
});
