import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../defaults';
import { createHarness, form, type Harness } from '../test-support/harness';

const TENANT = 'app-only-office365.test';
const SHARED = `accounts@${TENANT}`;
const ALEX = `alex.morgan@${TENANT}`;
const SHARED_SCOPES =
  'offline_access Mail.ReadWrite Mail.Send User.Read Mail.ReadWrite.Shared Mail.Send.Shared';

/** Echoes validation tokens and counts notification posts. */
function startReceiver() {
  const posts: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const token = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('validationToken');
      if (token !== null) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(token);
        return;
      }
      posts.push(body);
      response.writeHead(202);
      response.end();
    });
  });
  return { server, posts };
}

let h: Harness;
let alex = '';
let base = '';
const receiver = startReceiver();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const appToken = (tenant: string, overrides: Record<string, string> = {}) =>
  h.call('POST', `/sandbox/microsoft/${tenant}/oauth2/v2.0/token`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({
      grant_type: 'client_credentials',
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
      scope: 'https://graph.microsoft.com/.default',
      ...overrides,
    }),
  });
const subscribe = (token: string, resource = `users/${SHARED}/messages`) =>
  h.graph('POST', '/subscriptions', {
    token,
    body: {
      changeType: 'created,updated,deleted',
      resource,
      notificationUrl: `${base}/hook`,
      expirationDateTime: new Date(Date.now() + 3_600_000).toISOString(),
      clientState: 'state',
    },
  });
const grantRoles = (roles: string[]) => h.control('PUT', `/tenants/${TENANT}/app-permissions`, { roles });

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
  h = await createHarness();
  await h.control('POST', '/mailboxes', { address: ALEX, provider: 'office365', messages: 1 });
  await h.control('POST', '/mailboxes', {
    address: SHARED,
    provider: 'office365',
    messages: 2,
    shared: true,
  });
  await h.control('PUT', `/mailboxes/${SHARED}/delegates/${ALEX}`, { access: 'full' });
  alex = (await h.connect('office365', { requestedScope: SHARED_SCOPES, mailbox: ALEX })).accessToken;
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});

describe('Change notifications on a shared mailbox', () => {
  it("refuses a user's delegated subscription on a shared mailbox they may read (403 ExtensionError), as Graph does", async () => {
    expect((await h.graph('GET', `/users/${SHARED}/mailFolders/inbox`, { token: alex })).statusCode).toBe(
      200,
    );
    const refused = await subscribe(alex);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ExtensionError');
    expect((await subscribe(alex, 'me/messages')).statusCode).toBe(201);
  });

  it('issues app-only tokens only on a tenant endpoint, for .default, with a secret', async () => {
    const common = await appToken('common');
    expect(common.statusCode).toBe(400);
    expect(common.json().error_description).toContain('AADSTS9001023');
    const scope = await appToken(TENANT, { scope: 'Mail.Read' });
    expect(scope.json().error).toBe('invalid_scope');
    const noSecret = await appToken(TENANT, { client_secret: '' });
    expect(noSecret.statusCode).toBe(401);
    expect(noSecret.json().error).toBe('invalid_client');
    expect((await appToken('nowhere.test')).json().error_description).toContain('AADSTS90002');
  });

  it("without the admin's consent the app token is refused; with Mail.Read granted it subscribes and is notified", async () => {
    const bare = (await appToken(TENANT)).json() as { access_token: string; refresh_token?: string };
    expect(bare.refresh_token).toBeUndefined();
    const refused = await subscribe(bare.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toContain('roles');
    expect((await grantRoles(['Mail.Rea'])).statusCode).toBe(400);
    expect((await grantRoles(['Mail.Read'])).statusCode).toBe(200);
    const token = (await appToken(TENANT)).json().access_token as string;
    expect((await h.graph('GET', '/me/mailFolders/inbox', { token })).statusCode).toBe(400);
    const outsider = await subscribe(token, `users/pat@another.test/messages`);
    expect(outsider.statusCode, outsider.body).toBe(404);
    const created = await subscribe(token);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    // Only the app's own token sees its subscription, not a user of the tenant.
    expect((await h.graph('GET', `/subscriptions/${id}`, { token: alex })).statusCode).toBe(404);
    const renewed = await h.graph('PATCH', `/subscriptions/${id}`, {
      token,
      body: { expirationDateTime: new Date(Date.now() + 7_200_000).toISOString() },
    });
    expect(renewed.statusCode).toBe(200);
    await h.control('POST', '/messages', {
      mailbox: SHARED,
      from: 'pat@client.test',
      to: [SHARED],
      subject: 'Hi',
      text: 'x',
    });
    await wait(600);
    expect(receiver.posts.some((post) => post.includes(id))).toBe(true);
    // Consent revoked: new tokens carry no roles and the app's subscription stops delivering.
    await grantRoles([]);
    receiver.posts.length = 0;
    await h.control('POST', '/messages', {
      mailbox: SHARED,
      from: 'pat@client.test',
      to: [SHARED],
      subject: 'Hi 2',
      text: 'x',
    });
    await wait(600);
    expect(receiver.posts.some((post) => post.includes(id))).toBe(false);
    const after = (await appToken(TENANT)).json().access_token as string;
    expect((await subscribe(after)).statusCode).toBe(401);
  });
});
