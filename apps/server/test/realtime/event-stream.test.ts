import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { withUser } from '../../src/db/with-user';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp, testEnv } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

type OpenStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: TriageChangeEvent[];
  text: () => string;
  waitFor: (predicate: (events: TriageChangeEvent[]) => boolean, ms: number) => Promise<void>;
  ended: Promise<void>;
  close: () => void;
};

/** Opens GET /api/events on a listening app and collects its `triage` events. */
function openStream(port: number, cookie: string | null): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: cookie ? { cookie } : {} },
      (response) => {
        let buffer = '';
        const events: TriageChangeEvent[] = [];
        const waiters: (() => void)[] = [];
        const ended = new Promise<void>((done) => response.on('close', () => done()));
        response.setEncoding('utf8');
        // Messages end with a blank line; a chunk may end inside one, which waits for the next chunk.
        let pending = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          pending += chunk;
          const messages = pending.split('\n\n');
          pending = messages.pop() ?? '';
          for (const message of messages) {
            const match = /^(?:id: \S+\n)?event: triage\ndata: (.+)$/.exec(message);
            if (match) events.push(JSON.parse(match[1] as string) as TriageChangeEvent);
          }
          for (const wake of waiters.splice(0)) wake();
        });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          text: () => buffer,
          ended,
          close: () => request.destroy(),
          waitFor: async (predicate, ms) => {
            const deadline = Date.now() + ms;
            while (!predicate(events)) {
              const left = deadline - Date.now();
              if (left <= 0) throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`);
              await new Promise<void>((wake) => {
                waiters.push(wake);
                setTimeout(wake, Math.min(left, 50));
              });
            }
          },
        });
      },
    );
    request.on('error', reject);
  });
}

describe.each(testDatabaseKinds)('realtime event stream (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, 'live@firm.example');
    other = await signUp(t.app, 'live-other@firm.example');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a visitor without a session', async () => {
    const stream = await openStream(port, null);
    expect(stream.status).toBe(401);
    await stream.ended;
  });

  it("delivers an insert within 2 s, then updates, and never another user's items", async () => {
    const stream = await openStream(port, owner.cookie);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const startedAt = Date.now();
    const [id] = await insertTriageItems(t.app.db, owner.userId, [
      { subject: 'Fresh', emailThreadId: 'live-thread' },
    ]);
    await stream.waitFor((events) => events.some((event) => event.id === id), 2000);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    const place = { status: 'inbox', folderState: null, isSnoozed: false };
    expect(stream.events[0]).toEqual({ op: 'INSERT', id, threadKey: 'live-thread', place });

    await insertTriageItems(t.app.db, other.userId, [{ subject: 'Not for you' }]);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/triage/items/${id}`,
      headers: { cookie: owner.cookie },
      payload: { isRead: true },
    });
    expect(patched.statusCode).toBe(200);
    await stream.waitFor((events) => events.some((event) => event.op === 'UPDATE'), 2000);
    expect(stream.events).toEqual([
      { op: 'INSERT', id, threadKey: 'live-thread', place },
      { op: 'UPDATE', id, threadKey: 'live-thread', place },
    ]);
    // A message deleted in the mailbox is removed by the sync engine; open lists hear of it too.
    await withUser(t.app.db, owner.userId, (tx) =>
      tx.execute(sql`delete from triage_items where id = ${id}`),
    );
    await stream.waitFor((events) => events.some((event) => event.op === 'DELETE'), 2000);
    expect(stream.events.at(-1)).toEqual({ op: 'DELETE', id, threadKey: 'live-thread' });
    stream.close();
  });

  it('announces a bulk change of 300 items in a few notifications within the size limit, each item once', async () => {
    const stream = await openStream(port, owner.cookie);
    // Long thread keys (Graph conversation ids run long; hostile mail may go further): cut, never refused.
    const ids = await insertTriageItems(
      t.app.db,
      owner.userId,
      Array.from({ length: 300 }, (_, i) => ({
        subject: `Bulk ${i}`,
        emailThreadId: `${i % 10 === 0 ? 'k'.repeat(2500) : 'AAQkADk'.repeat(20)}-${i}`,
      })),
    );
    const payloads: string[] = [];
    const stop = await t.database.listen('triage_item_changes', (payload) => payloads.push(payload));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie: owner.cookie },
      payload: { ids, patch: { isRead: true } },
    });
    expect(response.statusCode).toBe(200);
    await stream.waitFor((events) => events.filter((event) => event.op === 'UPDATE').length >= 300, 5000);
    const updated = stream.events.filter((event) => event.op === 'UPDATE').map((event) => event.id);
    expect(updated.sort()).toEqual([...ids].sort());
    const updates = () =>
      payloads.filter((payload) => (JSON.parse(payload) as { op: string }).op === 'UPDATE');
    await expect.poll(() => updates().length).toBeGreaterThan(0);
    await stop();
    expect(updates().length).toBeLessThan(300 / 10);
    for (const payload of updates()) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    stream.close();
  });

  it('fans one change out to every open stream of the user, and ends them all when the server closes', async () => {
    const first = await openStream(port, owner.cookie);
    const second = await openStream(port, owner.cookie);
    const [id] = await insertTriageItems(t.app.db, owner.userId, [{ subject: 'Twice' }]);
    await first.waitFor((events) => events.some((event) => event.id === id), 2000);
    await second.waitFor((events) => events.some((event) => event.id === id), 2000);
    expect(first.text()).toMatch(/^id: \S+\nretry: \d+\n: connected\n\n/);
    const closing = t.app.close();
    await Promise.all([first.ended, second.ended, closing]);
  });
});

// Several server processes on one PostgreSQL (ARCHITECTURE.md, Realtime): each LISTENs on its own connection,
// so a bulk action taken through one reaches a stream held by another, every item once.
describe.runIf(testDatabaseKinds.includes('postgres'))('realtime across two server processes', () => {
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  let first: TestApp;
  let second: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };

  beforeAll(async () => {
    first = await createTestApp('postgres', secrets);
    const database = await openDatabase({ databaseUrl: first.database.url as string });
    const env = testEnv({
      DATA_DIR: first.app.env.DATA_DIR,
      ...secrets,
    });
    const app = await buildApp({ env, database, publicUrl: 'http://localhost:3000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    second = {
      app,
      async close() {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a bulk clear of 200 items through one process reaches the streams on the other, each item once', async () => {
    const users = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => signUp(first.app, `two-nodes-${name}@firm.example`)),
    );
    const port = (second.app.server.address() as AddressInfo).port;
    const streams = await Promise.all(users.map((user) => openStream(port, user.cookie)));
    const ids = await Promise.all(
      users.map((user, index) =>
        insertTriageItems(
          first.app.db,
          user.userId,
          Array.from({ length: index === 0 ? 200 : 5 }, (_, i) => ({ subject: `Two nodes ${i}` })),
        ),
      ),
    );
    const [owner] = users;
    const [ownerIds = []] = ids;
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie: owner?.cookie ?? '' },
      payload: { ids: ownerIds, patch: { status: 'cleared' } },
    });
    expect(response.statusCode).toBe(200);
    const [ownerStream, ...others] = streams;
    await ownerStream?.waitFor(
      (events) => events.filter((event) => event.op === 'UPDATE').length >= 200,
      5000,
    );
    const updated =
      ownerStream?.events.filter((event) => event.op === 'UPDATE').map((event) => event.id) ?? [];
    expect(updated.sort()).toEqual([...ownerIds].sort());
    // The other users hear of their own inserts only, never of the owner's items.
    for (const [index, stream] of others.entries()) {
      await stream.waitFor((events) => events.length >= 5, 5000);
      expect(stream.events.map((event) => event.id).sort()).toEqual([...(ids[index + 1] ?? [])].sort());
    }
    for (const stream of streams) stream.close();
  });
});
