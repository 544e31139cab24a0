import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { ACCESS_TOKEN_MARKER, REFRESH_TOKEN_MARKER, seedIntegration } from './seed-integration';

describe.each(testDatabaseKinds)('integrations API on %s', (kind) => {
  let t: TestApp;
  let amy: { cookie: string; userId: string };
  let ben: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    amy = await signUp(t.app, 'amy@firm.test');
    ben = await signUp(t.app, 'ben@firm.test');
  });
  afterAll(async () => t?.close());

  const list = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/integrations', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<{ integrations: EmailIntegrationDto[] }>().integrations;
  };
  const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie } });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/integrations' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('You must be logged in to view email integrations.');
  });

  it('lists the user’s integrations newest first, with public fields only and never a token', async () => {
    await seedIntegration(t.app, amy.userId, {
      emailAddress: 'old@amy.test',
      createdAt: new Date('2024-01-01T00:00:00Z'),
      metadata: { delta_token_inbox: 'https://graph/delta?token=cursor-secret', reset_items_count: 3 },
    });
    await seedIntegration(t.app, amy.userId, {
      provider: 'gmail',
      emailAddress: 'new@amy.test',
      createdAt: new Date('2024-02-01T00:00:00Z'),
      metadata: { history_id: '999' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: amy.cookie },
    });
    expect(response.body).not.toContain(ACCESS_TOKEN_MARKER);
    expect(response.body).not.toContain(REFRESH_TOKEN_MARKER);
    expect(response.body).not.toContain('cursor-secret');
    const integrations = response.json<{ integrations: EmailIntegrationDto[] }>().integrations;
    expect(integrations.map((integration) => integration.emailAddress)).toEqual([
      'new@amy.test',
      'old@amy.test',
    ]);
    expect(Object.keys(integrations[1] ?? {}).sort()).toEqual(
      [
        'createdAt',
        'emailAddress',
        'id',
        'imap',
        'isActive',
        'isSandbox',
        'lastSyncAt',
        'metadata',
        'needsReconnect',
        'provider',
        'push',
        'scopes',
        'sharedMailbox',
        'tokenExpiresAt',
        'updatedAt',
        'verification',
      ].sort(),
    );
    // Never set up (no push row yet): pending, no reason, no notification (decision 021).
    expect(integrations[1]?.push).toEqual({ state: 'pending', reason: null, lastNotificationAt: null });
    expect(integrations[1]?.metadata).toEqual({ reset_items_count: 3 });
    // A personal mailbox is no shared one (decision 024), and an OAuth one has no IMAP server (decision 023).
    expect(integrations[1]?.sharedMailbox).toBeNull();
    expect(integrations[1]?.imap).toBeNull();
    expect(integrations[1]?.verification).toEqual({
      state: 'never',
      verifiedAt: null,
      messageCount: null,
      missingCount: null,
      extraCount: null,
      error: null,
    });
    expect(integrations[0]?.metadata).toEqual({});
    expect(await list(ben.cookie)).toEqual([]);
  });

  it('disconnects (inactive) and reactivates (active, updated_at moved on)', async () => {
    const row = await seedIntegration(t.app, amy.userId, { emailAddress: 'toggle@amy.test' });
    const off = await post(`/api/integrations/${row.id}/disconnect`, amy.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json().integration).toMatchObject({ id: row.id, isActive: false });
    expect(off.body).not.toContain(ACCESS_TOKEN_MARKER);
    const on = await post(`/api/integrations/${row.id}/reactivate`, amy.cookie);
    expect(on.statusCode).toBe(200);
    const reactivated = on.json<{ integration: EmailIntegrationDto }>().integration;
    expect(reactivated.isActive).toBe(true);
    expect(Date.parse(reactivated.updatedAt)).toBeGreaterThan(row.updatedAt.getTime());
    expect((await list(amy.cookie)).find((integration) => integration.id === row.id)?.isActive).toBe(true);
  });

  it('answers 404 when another user touches the integration, and changes nothing', async () => {
    const row = await seedIntegration(t.app, amy.userId, { emailAddress: 'private@amy.test' });
    for (const action of ['disconnect', 'reactivate']) {
      const response = await post(`/api/integrations/${row.id}/${action}`, ben.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Email integration not found.');
    }
    expect((await list(amy.cookie)).find((integration) => integration.id === row.id)?.isActive).toBe(true);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await post('/api/integrations/not-an-id/disconnect', amy.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('id: id must be a valid id.');
    const unknown = await post(
      '/api/integrations/6f1c7d2e-1b7a-4a53-9b0e-2d9c4c1f8e11/disconnect',
      amy.cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('reports the latest reset of the user’s active integrations', async () => {
    const getInfo = async (cookie: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/integrations/reset-info',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json().resetInfo;
    };
    const carl = await signUp(t.app, 'carl@firm.test');
    expect(await getInfo(carl.cookie)).toBeNull();
    await seedIntegration(t.app, carl.userId, {
      emailAddress: 'a@carl.test',
      metadata: {
        last_complete_reset_at: '2024-05-01T10:00:00.000Z',
        reset_scope: { inbox: true, sent: true, archive: true },
        reset_items_count: 120,
      },
    });
    await seedIntegration(t.app, carl.userId, {
      emailAddress: 'b@carl.test',
      metadata: {
        last_complete_reset_at: '2024-05-03T10:00:00.000Z',
        reset_scope: { inbox: true, sent: false, archive: true },
        reset_items_count: 80,
      },
    });
    await seedIntegration(t.app, carl.userId, {
      emailAddress: 'inactive@carl.test',
      isActive: false,
      metadata: { last_complete_reset_at: '2024-06-01T10:00:00.000Z', reset_items_count: 1 },
    });
    expect(await getInfo(carl.cookie)).toEqual({
      lastCompleteResetAt: '2024-05-03T10:00:00.000Z',
      resetScope: { inbox: true, sent: false, archive: true },
      resetItemsCount: 80,
    });
    expect(await getInfo(ben.cookie)).toBeNull();
  });
});
