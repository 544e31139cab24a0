import type { NotificationSourceDto } from '@ledgerdesk/domain/api/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUser } from '../../src/db/with-user';
import { migrateEmailSources } from '../../src/features/integrations/migrate-email-sources';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { seedIntegration } from './seed-integration';

type User = { cookie: string; userId: string };

describe.each(testDatabaseKinds)('notification sources API on %s', (kind) => {
  let t: TestApp;
  let amy: User;
  let ben: User;

  beforeAll(async () => {
    t = await createTestApp(kind);
    amy = await signUp(t.app, 'amy@firm.test');
    ben = await signUp(t.app, 'ben@firm.test');
  });
  afterAll(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user: User,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload === undefined ? {} : { payload }),
    });
  const sources = async (user: User) =>
    (await call('GET', '/api/notification-sources', user)).json<{ sources: NotificationSourceDto[] }>()
      .sources;

  it('creates with the spec defaults, lists by priority descending, updates, toggles and deletes', async () => {
    const low = await call('POST', '/api/notification-sources', amy, { sourceName: 'Low', priority: 2 });
    expect(low.statusCode).toBe(201);
    expect(low.json().source).toMatchObject({
      sourceType: 'email',
      sourceName: 'Low',
      isActive: true,
      syncEnabled: true,
      syncIntervalMinutes: 1,
      peakHoursIntervalMinutes: 1,
      offPeakIntervalMinutes: 3,
      priority: 2,
    });
    const high = await call('POST', '/api/notification-sources', amy, { sourceName: 'High', priority: 9 });
    const highId = high.json().source.id as string;
    expect((await sources(amy)).map((source) => source.sourceName)).toEqual(['High', 'Low']);

    const patched = await call('PATCH', `/api/notification-sources/${highId}`, amy, {
      sourceName: 'Renamed',
      priority: 1,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().source).toMatchObject({ sourceName: 'Renamed', priority: 1 });
    expect((await sources(amy)).map((source) => source.sourceName)).toEqual(['Low', 'Renamed']);

    const flipped = await call('POST', `/api/notification-sources/${highId}/toggle`, amy, {});
    expect(flipped.json().source.syncEnabled).toBe(false);
    const set = await call('POST', `/api/notification-sources/${highId}/toggle`, amy, { syncEnabled: true });
    expect(set.json().source.syncEnabled).toBe(true);

    expect((await call('DELETE', `/api/notification-sources/${highId}`, amy)).statusCode).toBe(200);
    expect((await sources(amy)).map((source) => source.sourceName)).toEqual(['Low']);
    await call('DELETE', `/api/notification-sources/${low.json().source.id}`, amy);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const bodies = [
      {},
      { sourceName: '' },
      { sourceName: 'x', priority: 0 },
      { sourceName: 'x', syncIntervalMinutes: 'often' },
      { sourceName: 'x', userId: ben.userId },
      { sourceName: 'x'.repeat(201) },
      { sourceName: 'x', configuration: 'nope' },
    ];
    for (const payload of bodies) {
      const response = await call('POST', '/api/notification-sources', amy, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBeTruthy();
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/notification-sources',
      headers: { cookie: amy.cookie, 'content-type': 'application/json' },
      payload: '{"sourceName":',
    });
    expect(malformed.statusCode).toBe(400);
    const created = await call('POST', '/api/notification-sources', amy, { sourceName: 'Keep' });
    const id = created.json().source.id as string;
    expect((await call('PATCH', `/api/notification-sources/${id}`, amy, {})).statusCode).toBe(400);
    expect(
      (await call('PATCH', `/api/notification-sources/${id}`, amy, { priority: 'high' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/notification-sources/${id}/toggle`, amy, { syncEnabled: 'no' })).statusCode,
    ).toBe(400);
    expect((await call('PATCH', '/api/notification-sources/nope', amy, { priority: 3 })).statusCode).toBe(
      400,
    );
    expect((await sources(amy)).map((source) => [source.sourceName, source.priority])).toEqual([['Keep', 5]]);
    await call('DELETE', `/api/notification-sources/${id}`, amy);
  });

  it('hides one user’s sources from another: 404 on update, toggle and delete, nothing changed', async () => {
    const created = await call('POST', '/api/notification-sources', amy, { sourceName: 'Mine', priority: 4 });
    const id = created.json().source.id as string;
    expect(await sources(ben)).toEqual([]);
    expect((await call('PATCH', `/api/notification-sources/${id}`, ben, { priority: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/notification-sources/${id}/toggle`, ben, {})).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notification-sources/${id}`, ben)).statusCode).toBe(404);
    expect(await sources(amy)).toEqual([expect.objectContaining({ id, priority: 4, syncEnabled: true })]);
    await call('DELETE', `/api/notification-sources/${id}`, amy);
  });

  it('migrates one email source per active mailbox with the spec intervals and priorities, idempotently', async () => {
    const carl = await signUp(t.app, 'carl@firm.test');
    const office = await seedIntegration(t.app, carl.userId, { emailAddress: 'carl@office.test' });
    const gmail = await seedIntegration(t.app, carl.userId, {
      provider: 'gmail',
      emailAddress: 'carl@gmail.test',
    });
    await seedIntegration(t.app, carl.userId, { emailAddress: 'off@office.test', isActive: false });

    const first = await call('POST', '/api/notification-sources/migrate', carl);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ created: 2 });
    const migrated = await sources(carl);
    expect(migrated.map((source) => source.sourceName)).toEqual(['carl@office.test', 'carl@gmail.test']);
    const [officeSource, gmailSource] = migrated;
    expect(officeSource).toMatchObject({
      sourceType: 'email',
      isActive: true,
      syncEnabled: true,
      syncIntervalMinutes: 1,
      peakHoursIntervalMinutes: 1,
      offPeakIntervalMinutes: 3,
      priority: 8,
      configuration: { provider: 'office365', integration_id: office.id },
    });
    expect(gmailSource).toMatchObject({
      priority: 7,
      configuration: { provider: 'gmail', integration_id: gmail.id },
    });
    expect(Number.isNaN(Date.parse(String(officeSource?.configuration.last_migrated_at)))).toBe(false);

    expect((await call('POST', '/api/notification-sources/migrate', carl)).json()).toEqual({ created: 0 });
    expect(await sources(carl)).toHaveLength(2);
  });

  it('skips mailboxes that already have a source, by name or integration id, and runs once under concurrency', async () => {
    const dana = await signUp(t.app, 'dana@firm.test');
    await seedIntegration(t.app, dana.userId, { emailAddress: 'Dana@Office.test' });
    const byId = await seedIntegration(t.app, dana.userId, {
      provider: 'gmail',
      emailAddress: 'dana@gmail.test',
    });
    await seedIntegration(t.app, dana.userId, { emailAddress: 'third@office.test' });
    await call('POST', '/api/notification-sources', dana, { sourceName: 'dana@office.test' });
    await call('POST', '/api/notification-sources', dana, {
      sourceName: 'Personal Gmail',
      configuration: { integration_id: byId.id },
    });
    // Straight at the database, so the eight transactions really overlap (through HTTP the session
    // lookups stagger them); without the advisory lock two of them each create the missing source.
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        withUser(t.app.db, dana.userId, (tx) => migrateEmailSources(tx, dana.userId)),
      ),
    );
    expect(results.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    const names = (await sources(dana)).map((source) => source.sourceName).sort();
    expect(names).toEqual(['Personal Gmail', 'dana@office.test', 'third@office.test']);
    expect((await call('POST', '/api/notification-sources/migrate', ben)).json()).toEqual({ created: 0 });
  });

  it('needs a signed-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/notification-sources'],
      ['POST', '/api/notification-sources'],
      ['POST', '/api/notification-sources/migrate'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});
