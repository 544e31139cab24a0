import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../src/http/define-route';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  const apiRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/'));
  /** better-auth answers under one wildcard route; the endpoints we use are listed one by one. */
  const isAuthWildcard = (route: { url: string }) => route.url === '/api/auth/*';

  it('has no /api route registered without a declaration (so the sweeps cover each new route)', () => {
    const described = new Set(t.app.apiRoutes.map(routeKey));
    const missing = apiRoutes()
      .filter((route) => !isAuthWildcard(route))
      .map((route) => routeKey({ method: route.method, path: route.url }))
      .filter((key) => !described.has(key));
    expect(missing, 'register these routes with defineRoute (apps/server/src/http/define-route.ts)').toEqual(
      [],
    );
  });

  it('declares no route the server does not have, and none twice', () => {
    const served = new Set(apiRoutes().map((route) => routeKey({ method: route.method, path: route.url })));
    const stale = t.app.apiRoutes
      .filter((route) =>
        route.path.startsWith('/api/auth/')
          ? !served.has(`${route.method} /api/auth/*`)
          : !served.has(routeKey(route)),
      )
      .map(routeKey);
    expect(stale).toEqual([]);
    const keys = t.app.apiRoutes.map(routeKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('is served as OpenAPI 3.1 with the error shape, the spec texts and each body schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
    expect(response.body).toContain('Invalid data format. Please refresh the page and try again.');
    expect(response.body).toContain('An unexpected error occurred. Please try again.');
    const patchItem = document.paths['/api/triage/items/{id}'].patch;
    expect(patchItem.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(patchItem.requestBody.content['application/json'].schema.properties).toHaveProperty('isRead');
    const send = document.paths['/api/functions/send-office365-email'].post;
    expect(send.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['to', 'subject', 'body']),
    );
    expect(Object.keys(document.paths)).toHaveLength(
      new Set(t.app.apiRoutes.map((route) => route.path)).size,
    );
  });
});
