import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const HOOKS = ['/api/webhooks/graph', '/api/webhooks/graph/lifecycle'];

describe.each(testDatabaseKinds)('Graph webhooks: bad input (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (url: string, payload: string | Buffer, type = 'application/json', ip = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload, remoteAddress: ip });

  it.each(HOOKS)(
    '%s answers oversized, broken, wrongly typed and empty bodies 4xx, never 5xx',
    async (url) => {
      const huge = JSON.stringify({ value: [{ subscriptionId: 'x'.repeat(300 * 1024) }] });
      const cases: Array<[string | Buffer, string, number]> = [
        [huge, 'application/json', 413],
        ['{"value": [', 'application/json', 400],
        [Buffer.from('{"value":"\xff"}', 'latin1'), 'application/json', 400],
        ['{"value": "nope"}', 'application/json', 400],
        ['{"value": [{"subscriptionId": 42}]}', 'application/json', 400],
        ['{"value": [{"subscriptionId": "a", "clientState": {"x": 1}}]}', 'application/json', 400],
        ['[]', 'application/json', 400],
        ['{"isAdmin": true}', 'application/json', 400],
        ['null', 'application/json', 400],
        ['hello', 'text/plain', 400],
        ['', 'text/plain', 400],
        ['<xml/>', 'application/xml', 415],
      ];
      for (const [payload, type, status] of cases) {
        const response = await post(url, payload, type);
        expect([response.statusCode, String(payload).slice(0, 40)]).toEqual([
          status,
          String(payload).slice(0, 40),
        ]);
      }
    },
  );

  it('ignores notifications for unknown subscriptions with 202', async () => {
    const response = await post(
      HOOKS[0] ?? '',
      JSON.stringify({
        value: [{ subscriptionId: 'unknown', clientState: 'whatever', changeType: 'created' }],
      }),
    );
    expect(response.statusCode).toBe(202);
    const lifecycle = await post(
      HOOKS[1] ?? '',
      JSON.stringify({ value: [{ subscriptionId: 'unknown', clientState: 'x', lifecycleEvent: 'missed' }] }),
    );
    expect(lifecycle.statusCode).toBe(202);
    // An event Graph adds later is taken (decision 030); one that is not a name is still a bad body.
    const newEvent = await post(
      HOOKS[1] ?? '',
      JSON.stringify({ value: [{ subscriptionId: 'unknown', lifecycleEvent: 'explode' }] }),
    );
    expect(newEvent.statusCode).toBe(202);
    const wrongEvent = await post(
      HOOKS[1] ?? '',
      JSON.stringify({ value: [{ subscriptionId: 'unknown', lifecycleEvent: 42 }] }),
    );
    expect(wrongEvent.statusCode).toBe(400);
  });

  it('refuses a validation token that is too long or holds control characters', async () => {
    for (const token of ['x'.repeat(1025), 'a%0Ab', 'a%00b']) {
      const response = await post(`${HOOKS[0]}?validationToken=${token}`, '', 'text/plain');
      expect(response.statusCode).toBe(400);
    }
  });

  it('is documented in the OpenAPI document as public', async () => {
    const routes = t.app.apiRoutes.filter((route) => route.path.startsWith('/api/webhooks/'));
    expect(routes.map((route) => [route.method, route.path, route.needsSession])).toEqual([
      ['POST', '/api/webhooks/graph', false],
      ['POST', '/api/webhooks/graph/lifecycle', false],
    ]);
  });
});
