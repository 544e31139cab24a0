import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE365_MAILBOX } from '../defaults';
import { createHarness, type Harness } from '../test-support/harness';

type Received = { path: string; query: URLSearchParams; body: string };

/** A stand-in for the app's webhook: echoes validation tokens (unless told not to) and records posts. */
function startReceiver() {
  const received: Received[] = [];
  const state = { shouldEcho: true };
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const token = url.searchParams.get('validationToken');
      if (token !== null) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(state.shouldEcho ? token : 'something else');
        return;
      }
      received.push({ path: url.pathname, query: url.searchParams, body });
      response.writeHead(202);
      response.end();
    });
  });
  return { server, received, state };
}

let h: Harness;
let token = '';
let base = '';
const receiver = startReceiver();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const notifications = () =>
  receiver.received
    .filter((item) => item.path === '/hook')
    .flatMap((item) => (JSON.parse(item.body) as { value: Array<Record<string, unknown>> }).value);

const subscribe = (overrides: Record<string, unknown> = {}) =>
  h.graph('POST', '/subscriptions', {
    token,
    body: {
      changeType: 'created,updated,deleted',
      resource: 'me/messages',
      notificationUrl: `${base}/hook`,
      lifecycleNotificationUrl: `${base}/lifecycle`,
      expirationDateTime: inAnHour(),
      clientState: 'secret-state',
      ...overrides,
    },
  });

const deliver = (subject: string) =>
  h.control('POST', '/messages', {
    mailbox: DEFAULT_OFFICE365_MAILBOX,
    from: 'Pat <pat@client.test>',
    to: [DEFAULT_OFFICE365_MAILBOX],
    subject,
    text: 'hi',
  });

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  h = await createHarness();
  token = (await h.connect('office365')).accessToken;
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.state.shouldEcho = true;
  await h.control('DELETE', '/graph/push-faults');
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});

describe('Graph subscriptions', () => {
  it('creates a subscription after the validation handshake and posts Graph-shaped notifications', async () => {
    const created = await subscribe();
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json() as { id: string; expirationDateTime: string };
    const { id } = (await deliver('Subscribed')).json() as { id: string };
    await wait(600);
    const [first] = notifications();
    expect(first).toMatchObject({
      subscriptionId: subscription.id,
      changeType: 'created',
      clientState: 'secret-state',
      resourceData: { '@odata.type': '#Microsoft.Graph.Message' },
    });
    expect(String(first?.resource)).toMatch(/^Users\/.+\/Messages\/.+/);
    expect(id).toBeTruthy();
    const renewed = await h.graph('PATCH', `/subscriptions/${subscription.id}`, {
      token,
      body: { expirationDateTime: new Date(Date.now() + 7200_000).toISOString() },
    });
    expect(renewed.statusCode).toBe(200);
    expect(Date.parse(renewed.json().expirationDateTime)).toBeGreaterThan(
      Date.parse(subscription.expirationDateTime),
    );
    expect((await h.graph('DELETE', `/subscriptions/${subscription.id}`, { token })).statusCode).toBe(204);
    expect(
      (await h.graph('PATCH', `/subscriptions/${subscription.id}`, { token, body: {} })).statusCode,
    ).toBe(404);
  });

  it('refuses what Graph refuses: a wrong echo, a long expiry, http off loopback, a bad changeType or resource', async () => {
    receiver.state.shouldEcho = false;
    expect((await subscribe()).statusCode).toBe(400);
    receiver.state.shouldEcho = true;
    const tooLong = new Date(Date.now() + 4231 * 60_000).toISOString();
    expect((await subscribe({ expirationDateTime: tooLong })).statusCode).toBe(400);
    expect((await subscribe({ notificationUrl: 'http://example.com/hook' })).statusCode).toBe(400);
    expect((await subscribe({ changeType: 'exploded' })).statusCode).toBe(400);
    expect((await subscribe({ resource: 'me/events' })).statusCode).toBe(400);
  });

  it('plays faults on demand: refuse (403), forge, duplicate, drop, and lifecycle events', async () => {
    await h.control('POST', '/graph/push-faults', { refuseSubscriptions: 1 });
    expect((await subscribe()).statusCode).toBe(403);
    const { id } = (await subscribe()).json() as { id: string };
    await h.control('POST', '/graph/push-faults', { forgeClientState: 1, duplicateShare: 1 });
    await deliver('Forged and twice');
    await wait(600);
    const forged = notifications().filter((item) => item.subscriptionId === id);
    expect(forged).toHaveLength(2);
    expect(forged[0]?.clientState).not.toBe('secret-state');
    await h.control('POST', '/graph/push-faults', { dropShare: 1, duplicateShare: 0 });
    receiver.received.length = 0;
    await h.control('DELETE', '/push-faults/dropped');
    await deliver('Dropped');
    await wait(600);
    expect(notifications().filter((item) => item.subscriptionId === id)).toHaveLength(0);
    const dropped = (await h.control('GET', '/push-faults/dropped')).json() as {
      messages: { subject: string }[];
    };
    expect(dropped.messages.map((message) => message.subject)).toEqual(['Dropped']);
    const sent = await h.control('POST', '/graph/lifecycle', {
      subscriptionId: id,
      event: 'subscriptionRemoved',
    });
    expect(sent.statusCode).toBe(200);
    const lifecycle = receiver.received.filter((item) => item.path === '/lifecycle');
    expect(JSON.parse(lifecycle[0]?.body ?? '{}').value[0]).toMatchObject({
      subscriptionId: id,
      lifecycleEvent: 'subscriptionRemoved',
      clientState: 'secret-state',
    });
    expect((await h.graph('GET', `/subscriptions/${id}`, { token })).statusCode).toBe(404);
  });
});
