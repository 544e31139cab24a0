import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATES_API, type TemplateListResponse } from '@ledgerdesk/domain/api/templates-endpoints';
import { STORAGE_FULL } from '@ledgerdesk/domain/http/api-error';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { signUp, testEnv } from '../support/test-app';

// Issue 42, PGlite's single-process case (decision 041): the embedded database on a disk that fills up. Below the
// floor every change is refused before it reaches the disk (503 storage_full with Retry-After) while reading goes
// on; a write the file system itself refuses is a 503 too, never a 500 or a stalled process; space back, changes
// resume and nothing acknowledged is lost.
describe('the embedded database on a full disk', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(freeBytes: () => number, minFreeMb = 64) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-disk-full-'));
    const database: Database = await openDatabase({
      dataDir: path.join(dir, 'pglite'),
      diskFreeMinBytes: minFreeMb * 1024 * 1024,
      diskFreeBytes: async () => freeBytes(),
    });
    const app = await buildApp({
      env: testEnv({ DATA_DIR: dir }),
      database,
      publicUrl: 'http://localhost:3000',
    });
    await app.ready();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => database.close());
    cleanups.push(() => app.close());
    const { cookie } = await signUp(app, `disk-${Date.now()}@firm.test`);
    return { app, database, cookie, dir };
  }

  const addTemplate = (app: FastifyInstance, cookie: string, name: string, body = 'Dear client,') =>
    app.inject({ method: 'POST', url: TEMPLATES_API.list, headers: { cookie }, payload: { name, body } });
  const templateNames = async (app: FastifyInstance, cookie: string) => {
    const response = await app.inject({ method: 'GET', url: TEMPLATES_API.list, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return (response.json() as TemplateListResponse).templates.map((template) => template.name).sort();
  };

  it('pauses changes below the floor (503 storage_full, Retry-After), keeps reading, and resumes with space', async () => {
    let free = 10 * 1024 ** 3;
    const { app, database, cookie } = await start(() => free);
    expect((await addTemplate(app, cookie, 'Before')).statusCode).toBe(201);

    free = 10 * 1024 ** 2;
    expect(await database.disk?.check()).toBe(true);
    const refused = await addTemplate(app, cookie, 'While full');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(STORAGE_FULL.retryAfterSeconds));
    expect(refused.json()).toEqual({ error: { code: STORAGE_FULL.code, message: STORAGE_FULL.message } });
    expect(await templateNames(app, cookie)).toEqual(['Before']);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ ok: false, down: ['disk'] });

    free = 10 * 1024 ** 3;
    expect(await database.disk?.check()).toBe(false);
    expect((await addTemplate(app, cookie, 'After')).statusCode).toBe(201);
    expect(await templateNames(app, cookie)).toEqual(['After', 'Before']);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a write the file system refuses with 503, stays up, and loses nothing acknowledged', async () => {
    // The watch sees room (a sudden fill, or a quota it cannot see): the write reaches PGlite, whose table file
    // cannot grow. Every write of the database's table files fails with ENOSPC, as the kernel would answer.
    const { app, cookie, dir } = await start(() => 10 * 1024 ** 3);
    const tables = `${path.join(dir, 'pglite')}${path.sep}base${path.sep}`;
    const pathOf = new Map<number, string>();
    const { openSync, writeSync } = fs;
    let isFull = false;
    fs.openSync = ((file: fs.PathLike, ...rest: unknown[]) => {
      const fd = (openSync as (...args: unknown[]) => number)(file, ...rest);
      pathOf.set(fd, String(file));
      return fd;
    }) as typeof fs.openSync;
    fs.writeSync = ((fd: number, ...rest: unknown[]) => {
      if (isFull && pathOf.get(fd)?.startsWith(tables))
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          errno: -28,
        });
      return (writeSync as (...args: unknown[]) => number)(fd, ...rest);
    }) as typeof fs.writeSync;
    cleanups.push(() => {
      fs.openSync = openSync;
      fs.writeSync = writeSync;
    });

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    isFull = true;
    // Large bodies: each template needs new pages, so the table (or its TOAST table) must grow within a few.
    for (let n = 0; n < 40; n++) {
      const response = await addTemplate(app, cookie, `Template ${n}`, `${n} `.repeat(6_000));
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 201) acknowledged.push(`Template ${n}`);
      else expect(response.json()).toMatchObject({ error: { code: STORAGE_FULL.code } });
    }
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // Reading goes on while the disk refuses.
    expect(await templateNames(app, cookie)).toEqual(acknowledged.sort());

    isFull = false;
    const after = await addTemplate(app, cookie, 'After', 'x '.repeat(6_000));
    expect(after.statusCode).toBe(201);
    expect(await templateNames(app, cookie)).toEqual([...acknowledged, 'After'].sort());
  });
});
