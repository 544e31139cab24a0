import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { MailSession } from '../../core/session/mail-session';
import { INTERACTIVE_POLICY } from '../../core/transport/retry-policy';
import { graphBatch } from './graph-batch';
import { graphCall, graphUrl } from './graph-request';

describe('Graph requests', () => {
  let server: http.Server;
  const seen: Array<{ url: string; prefer: string; body: string }> = [];
  let config: MicrosoftConfig;
  const session: MailSession = {
    integrationId: 'i',
    emailAddress: 'a@firm.test',
    sharedMailbox: null,
    scopes: null,
    policy: INTERACTIVE_POLICY,
    memo: new Map(),
    accessToken: async () => 'token',
    refreshAccessToken: async () => 'token',
  };
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ url: request.url ?? '', prefer: String(request.headers.prefer ?? ''), body });
        if (request.url?.includes('expired')) {
          response.writeHead(410, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { code: 'SyncStateNotFound', message: 'gone' } }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        const requests = body
          ? (JSON.parse(body) as { requests?: Array<{ id: string }> }).requests
          : undefined;
        response.end(
          JSON.stringify(
            requests
              ? { responses: requests.map((r) => ({ id: r.id, status: 200, body: {} })) }
              : { ok: true },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = {
      clientId: 'c',
      clientSecret: 's',
      tenant: 'common',
      loginUrl: url,
      graphUrl: url,
      isSandbox: false,
      publicUrl: 'https://app.example.com',
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for immutable ids on every request, batched ones included', async () => {
    await graphCall(session, config, '/me/messages?$top=1', { prefer: ['odata.maxpagesize=50'] });
    await graphBatch(session, config, [{ id: '1', method: 'GET', url: '/me/mailFolders/inbox' }]);
    expect(seen.map((entry) => entry.prefer)).toEqual([
      'IdType="ImmutableId", odata.maxpagesize=50',
      'IdType="ImmutableId"',
    ]);
    const inner = JSON.parse(seen[1]?.body ?? '{}').requests[0];
    expect(inner.headers.prefer).toBe('IdType="ImmutableId"');
  });

  it('reads an expired delta link as cursor_expired', async () => {
    await expect(
      graphCall(session, config, '/me/mailFolders/inbox/messages/delta?expired=1'),
    ).rejects.toMatchObject({
      kind: 'cursor_expired',
      providerCode: 'SyncStateNotFound',
    });
  });

  it('never sends the token to a stored link on another host', () => {
    expect(() => graphUrl(config, 'https://evil.test/v1.0/me/messages/delta?$deltatoken=x')).toThrow();
    expect(graphUrl(config, '/me')).toBe(`${config.graphUrl}/v1.0/me`);
  });
});
