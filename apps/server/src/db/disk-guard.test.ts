import { describe, expect, it } from 'vitest';
import { ChangesPausedError, guardWrites, mayWrite, watchDiskSpace } from './disk-guard';

describe('mayWrite', () => {
  it('lets reads through', () => {
    for (const statement of [
      'select 1',
      'SELECT "id", "comment", "update", "lock" FROM "thread_comments" WHERE "body" = $1',
      "select * from t where note = 'insert into x; delete'",
      'with recent as (select id from triage_items) select count(*) from recent',
      "select set_config('app.user_id', $1, true)",
      'select body -- update later\nfrom t',
      '/* drop */ select 1',
      'show search_path',
      'begin',
      'commit',
    ])
      expect(mayWrite(statement), statement).toBe(false);
  });

  it('counts every kind of change, and what may change, as a write', () => {
    for (const statement of [
      'insert into t values (1)',
      'UPDATE t SET a = 1',
      'delete from t',
      'with moved as (delete from a returning *) insert into b select * from moved',
      'select * from t for update skip locked',
      'select * from t for no key update',
      'select * from t for share',
      "select nextval('s')",
      "select pg_notify('c', 'x')",
      'create table if not exists t (id int)',
      'CREATE SCHEMA IF NOT EXISTS pgboss; ALTER TABLE x ADD COLUMN y int',
      'do $$ begin perform 1; end $$',
      'vacuum',
      'truncate t',
      'lock table t',
    ])
      expect(mayWrite(statement), statement).toBe(true);
  });
});

describe('watchDiskSpace', () => {
  it('pauses below the floor and resumes only with room to spare', async () => {
    let free = 1_000;
    const changes: boolean[] = [];
    const guard = watchDiskSpace({
      dir: '/',
      minFreeBytes: 100,
      freeBytes: async () => free,
      intervalMs: 60_000,
      onChange: (isLow) => changes.push(isLow),
    });
    try {
      expect(await guard.check()).toBe(false);
      free = 99;
      expect(await guard.check()).toBe(true);
      free = 110; // above the floor, not yet 1.25 × it
      expect(await guard.check()).toBe(true);
      free = 125;
      expect(await guard.check()).toBe(false);
      expect(changes).toEqual([true, false]);
    } finally {
      guard.stop();
    }
  });
});

describe('guardWrites', () => {
  it('refuses writes while paused, in transactions too, and passes everything else through', async () => {
    let isLow = false;
    const guard = { isLow: () => isLow, check: async () => isLow, stop: () => undefined };
    const seen: string[] = [];
    const tx = {
      query: async (text: string) => seen.push(`tx ${text}`),
      exec: async (text: string) => seen.push(text),
    };
    const client = {
      label: 'pglite',
      query: async (text: string) => seen.push(text),
      exec: async (text: string) => seen.push(text),
      transaction: async <R>(callback: (t: typeof tx) => Promise<R>) => callback(tx),
    };
    const guarded = guardWrites(client, guard);
    await guarded.query('insert into t values (1)');
    isLow = true;
    await guarded.query('select 1');
    await expect(guarded.query('insert into t values (2)')).rejects.toBeInstanceOf(ChangesPausedError);
    await expect(guarded.exec('update t set a = 1')).rejects.toMatchObject({ code: '53100' });
    await expect(
      guarded.transaction(async (inner) => {
        await inner.query('select 2');
        await inner.query('delete from t');
      }),
    ).rejects.toBeInstanceOf(ChangesPausedError);
    expect(guarded.label).toBe('pglite');
    expect(seen).toEqual(['insert into t values (1)', 'select 1', 'tx select 2']);
  });
});
