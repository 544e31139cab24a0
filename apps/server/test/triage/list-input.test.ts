import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/features/triage/thread-cursor';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('triage list input (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = (await signUp(t.app, 'input@firm.example')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: `/api/triage/threads?${query}`, headers });

  it.each([
    ['view=archive', /^view: /],
    ['view=inbox&tab=starred', /^tab: /],
    ['view=inbox&limit=0', /^limit: /],
    ['view=inbox&limit=abc', /^limit: /],
    ['view=inbox&filters=%7Bnope', /^filters: must be a JSON array/],
    [
      'view=inbox&filters=%5B%7B%22type%22%3A%22colour%22%2C%22value%22%3A%22x%22%7D%5D',
      /^filters\.0\.type: /,
    ],
    ['view=inbox&cursor=bm90LWEtY3Vyc29y', /^cursor: Invalid cursor/],
    ['view=inbox&view=later', /^view: /],
    ['view=inbox&sort=oldest', /sort/],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
  });

  it('accepts a cursor it made and an empty result', async () => {
    const cursor = encodeCursor({
      lastActivity: '2024-06-01T12:00:00.123456+00:00',
      itemId: crypto.randomUUID(),
    });
    const response = await get(`view=inbox&cursor=${cursor}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ groups: [], nextCursor: null, total: 0 });
  });

  it('needs a session for every triage read', async () => {
    for (const url of ['/api/triage/threads', '/api/triage/counts']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('You must be logged in to view triage items.');
    }
  });
});
