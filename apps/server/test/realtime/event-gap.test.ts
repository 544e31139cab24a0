import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

type RawStream = {
  text: () => string;
  waitFor: (pattern: RegExp, ms: number) => Promise<void>;
  close: () => void;
};

/** GET /api/events as raw text, optionally as a browser's reconnect (Last-Event-ID). */
function openRawStream(port: number, cookie: string, lastEventId?: string): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { cookie };
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
      });
      resolve({
        text: () => buffer,
        close: () => request.destroy(),
        waitFor: async (pattern, ms) => {
          const deadline = Date.now() + ms;
          while (!pattern.test(buffer)) {
            if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms in ${buffer}`);
            await new Promise((wake) => setTimeout(wake, 25));
          }
        },
      });
    });
    request.on('error', reject);
  });
}

// No event lost to a gap (decision 036): every event carries an id, and a stream that may have missed some is
// told to refetch (`event: resync`): a browser's reconnect (it sends the last id it saw), and every open stream
// of a process whose LISTEN connection was lost and came back.
describe.each(testDatabaseKinds)('realtime gaps (%s)', (kind) => {
  let t: TestApp;
  let port: number;
  let user: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app, 'gaps@firm.example');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every event an id, the connected line included, and no resync to a first connection', async () => {
    const stream = await openRawStream(port, user.cookie);
    await stream.waitFor(/: connected\n/, 3000);
    const [id] = await insertTriageItems(t.app.db, user.userId, [{ subject: 'With an id' }]);
    await stream.waitFor(new RegExp(`"id":"${id}"`), 3000);
    const messages = stream
      .text()
      .split('\n\n')
      .filter((message) => /^event: /m.test(message));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(/^id: \S+$/m);
    expect(stream.text()).toMatch(/^id: \S+\nretry: \d+\n: connected\n\n/);
    expect(stream.text()).not.toContain('event: resync');
    stream.close();
  });

  it('tells a browser reconnecting with Last-Event-ID to refetch, before any later event', async () => {
    const first = await openRawStream(port, user.cookie);
    await first.waitFor(/: connected\n/, 3000);
    const lastId = /^id: (\S+)$/m.exec(first.text())?.[1];
    expect(lastId).toBeDefined();
    first.close();
    // Made while no stream was open: the reconnecting browser has missed it.
    await insertTriageItems(t.app.db, user.userId, [{ subject: 'Missed in the gap' }]);
    const again = await openRawStream(port, user.cookie, lastId);
    await again.waitFor(/event: resync\n/, 3000);
    expect(again.text()).toMatch(/^id: \S+\nevent: resync\ndata: \{\}\n\n/m);
    again.close();
  });

  it.runIf(kind === 'postgres')(
    'tells every open stream to refetch within 2 s once its lost LISTEN connection is back',
    async () => {
      const stream = await openRawStream(port, user.cookie);
      await stream.waitFor(/: connected\n/, 3000);
      const admin = new pg.Client({ connectionString: t.database.url });
      await admin.connect();
      try {
        const ended = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      const startedAt = Date.now();
      await stream.waitFor(/event: resync\n/, 5000);
      expect(Date.now() - startedAt).toBeLessThan(2500);
      // And live events flow again.
      const [id] = await insertTriageItems(t.app.db, user.userId, [{ subject: 'After the gap' }]);
      await stream.waitFor(new RegExp(`"id":"${id}"`), 3000);
      stream.close();
    },
  );
});
