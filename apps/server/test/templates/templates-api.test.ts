import type { TemplateDto } from '@ledgerdesk/domain/api/templates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('saved reply templates (%s)', (kind) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown> | unknown[],
  ) =>
    payload === undefined
      ? t.app.inject({ method, url, headers: { cookie } })
      : t.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });
  const templateCount = async (userId: string) =>
    withUser(t.app.db, userId, async (tx) => {
      const result = await tx.execute(sql`select count(*)::int as n from reply_templates`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, 'templates@firm.example');
    other = await signUp(t.app, 'other-templates@firm.example');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, lists by name, updates and deletes a template', async () => {
    const created = await call(owner.cookie, 'POST', '/api/templates', {
      name: 'Doc request',
      subject: 'Documents for {{first_name}}',
      body: 'Hi {{first_name}},\nplease send the bank statements.\n{{my_name}}',
    });
    expect(created.statusCode).toBe(201);
    const template = created.json().template as TemplateDto;
    expect(template).toMatchObject({ name: 'Doc request', subject: 'Documents for {{first_name}}' });
    await call(owner.cookie, 'POST', '/api/templates', { name: 'amended return', body: 'x' });
    const listed = await call(owner.cookie, 'GET', '/api/templates');
    expect(listed.json().templates.map((entry: TemplateDto) => entry.name)).toEqual([
      'amended return',
      'Doc request',
    ]);

    const updated = await call(owner.cookie, 'PATCH', `/api/templates/${template.id}`, { body: 'New body' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().template).toMatchObject({ name: 'Doc request', body: 'New body' });

    expect((await call(owner.cookie, 'DELETE', `/api/templates/${template.id}`)).statusCode).toBe(204);
    expect((await call(owner.cookie, 'DELETE', `/api/templates/${template.id}`)).statusCode).toBe(404);
  });

  it('keeps names unique per user, case-insensitively, but not across users', async () => {
    await call(owner.cookie, 'POST', '/api/templates', { name: 'Engagement', body: 'a' });
    const clash = await call(owner.cookie, 'POST', '/api/templates', { name: 'ENGAGEMENT', body: 'b' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('A template with this name already exists.');
    expect(
      (await call(other.cookie, 'POST', '/api/templates', { name: 'Engagement', body: 'c' })).statusCode,
    ).toBe(201);
  });

  it('shows and changes nothing of another user', async () => {
    const mine = (
      await call(owner.cookie, 'POST', '/api/templates', { name: 'Private', body: 'secret' })
    ).json().template as TemplateDto;
    const theirs = await call(other.cookie, 'GET', '/api/templates');
    expect(theirs.json().templates.map((entry: TemplateDto) => entry.name)).not.toContain('Private');
    expect(
      (await call(other.cookie, 'PATCH', `/api/templates/${mine.id}`, { body: 'stolen' })).statusCode,
    ).toBe(404);
    expect((await call(other.cookie, 'DELETE', `/api/templates/${mine.id}`)).statusCode).toBe(404);
    const still = (await call(owner.cookie, 'GET', '/api/templates')).json().templates as TemplateDto[];
    expect(still.find((entry) => entry.id === mine.id)?.body).toBe('secret');
    // Row-level security on its own: as the other user, the row does not exist.
    expect(
      await withUser(t.app.db, other.userId, async (tx) => {
        const result = await tx.execute(
          sql`select count(*)::int as n from reply_templates where id = ${mine.id}`,
        );
        return rowsOf<{ n: number }>(result)[0]?.n;
      }),
    ).toBe(0);
  });

  it.each([
    [{ name: '', body: 'x' }, 'name: must not be empty'],
    [{ name: ';bad', body: 'x' }, 'name: may use letters, digits, spaces, - and _ only'],
    [{ name: 'n'.repeat(61), body: 'x' }, 'name: must be at most 60 characters'],
    [{ name: 'ok', body: 'a\u0000b' }, 'body: must not contain NUL characters or broken Unicode'],
    [{ name: 'ok', body: 'x', extra: 1 }, null],
    [{ name: 'ok', body: 42 }, null],
    [[], null],
  ])('refuses %j with a 400 and writes nothing', async (payload, message) => {
    const before = await templateCount(owner.userId);
    const response = await call(owner.cookie, 'POST', '/api/templates', payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error.message).toBe(message);
    expect(await templateCount(owner.userId)).toBe(before);
  });

  it('answers 400 for a malformed id or an empty patch and 401 without a session', async () => {
    expect((await call(owner.cookie, 'PATCH', '/api/templates/not-a-uuid', { body: 'x' })).statusCode).toBe(
      400,
    );
    const [first] = (await call(owner.cookie, 'GET', '/api/templates')).json().templates as TemplateDto[];
    expect((await call(owner.cookie, 'PATCH', `/api/templates/${first?.id}`, {})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/templates' })).statusCode).toBe(401);
  });
});
