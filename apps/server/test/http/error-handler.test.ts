import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../src/http/error-handler';
import { toSyncError } from '../../src/mail/core/error-mapping';

const SQL_FAILURE =
  'Failed query: insert into "triage_items" ("subject") values ($1) params: Quarterly VAT for acme';

/** A bare app with the error handler, logging JSON lines into `lines`. */
async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandler(app);
  app.get('/sync', async () => {
    throw toSyncError(new Error(SQL_FAILURE));
  });
  app.get('/bug', async () => {
    throw new TypeError('cannot read properties of undefined (reading "id")');
  });
  app.get('/pg-nul', async () => {
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  });
  await app.ready();
  return { app, lines };
}

describe('the error handler', () => {
  it('answers a failed sync with the generic text and a request id, and logs the SQL cause with that id', async () => {
    const { app, lines } = await appWithLog();
    const response = await app.inject({ method: 'GET', url: '/sync' });
    expect(response.statusCode).toBe(500);
    const { error } = response.json();
    expect(error).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred. Please try again.',
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain('insert into');
    const logged = lines.find((line) => line.msg === 'request failed');
    expect(logged?.requestId).toBe(error.requestId);
    expect(JSON.stringify(logged)).toContain('insert into');
    await app.close();
  });

  it('logs an unexpected exception and answers without its message or stack', async () => {
    const { app, lines } = await appWithLog();
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/cannot read|at .+\.ts:\d+/);
    expect(JSON.stringify(lines)).toContain('cannot read properties');
    await app.close();
  });

  it('answers a value PostgreSQL refuses (a NUL byte) with 400 and the spec invalid-data text', async () => {
    const { app } = await appWithLog();
    const response = await app.inject({ method: 'GET', url: '/pg-nul' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Invalid data format. Please refresh the page and try again.');
    await app.close();
  });
});
