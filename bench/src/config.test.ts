import { describe, expect, it } from 'vitest';
import { FLEET_PHASES, readConfig } from './config';

const ALL_PHASES = new Set(FLEET_PHASES);

describe('readConfig', () => {
  it('runs everything on PGlite at the issue sizes by default', () => {
    const config = readConfig([], {});
    expect(config.only).toEqual(['list', 'sync', 'actions', 'realtime', 'rules', 'web', 'fleet', 'imap']);
    expect(config.fleet).toEqual({
      mailboxes: 1_000,
      intervalSeconds: 60,
      intervals: 3,
      gaps: 10,
      costSeconds: 60,
      phases: ALL_PHASES,
    });
    expect(config.databases).toEqual([{ kind: 'pglite' }]);
    expect(config.list.sizes).toEqual([1_000, 10_000, 100_000]);
    expect(config.list.requests).toBe(50);
    expect(config.shouldBuild).toBe(true);
  });

  it('adds PostgreSQL when BENCH_DATABASE_URL is set', () => {
    const config = readConfig([], { BENCH_DATABASE_URL: 'postgres://u@h/db' });
    expect(config.databases).toEqual([
      { kind: 'pglite' },
      { kind: 'postgres', adminUrl: 'postgres://u@h/db' },
    ]);
  });

  it('shrinks every benchmark in smoke mode and does not rebuild', () => {
    const config = readConfig(['--smoke'], {});
    expect(config.isSmoke).toBe(true);
    expect(config.shouldBuild).toBe(false);
    expect(Math.max(...config.list.sizes)).toBeLessThan(1_000);
    expect(config.sync.messages).toBeLessThan(100);
    expect(config.fleet).toEqual({
      mailboxes: 8,
      intervalSeconds: 2,
      intervals: 2,
      gaps: 2,
      costSeconds: 3,
      phases: ALL_PHASES,
    });
  });

  it('reads the fleet size, interval and number of intervals from flags, smoke or not', () => {
    const args = [
      '--only=fleet',
      '--fleet-mailboxes=200',
      '--fleet-interval=30',
      '--fleet-intervals=2',
      '--fleet-gaps=5',
      '--fleet-cost-seconds=20',
      '--fleet-phases=push,cost',
    ];
    expect(readConfig(args, {}).fleet).toEqual({
      mailboxes: 200,
      intervalSeconds: 30,
      intervals: 2,
      gaps: 5,
      costSeconds: 20,
      phases: new Set(['push', 'cost']),
    });
    expect(readConfig(['--smoke', '--fleet-mailboxes=20'], {}).fleet.mailboxes).toBe(20);
    expect(readConfig(args, {}).only).toEqual(['fleet']);
  });

  it('gives the fleet nodes their own ports after the app and the sandbox', () => {
    expect(readConfig([], { BENCH_PORT: '4150' }).ports).toEqual({
      app: 4150,
      sandbox: 4151,
      fleet: [4152, 4153, 4154],
    });
  });

  it('measures a million items on PostgreSQL only, and the same path at a small size in smoke mode', () => {
    expect(readConfig([], {}).list.million).toEqual({ size: 1_000_000, databases: ['postgres'] });
    expect(readConfig(['--smoke'], {}).list.million).toEqual({
      size: 600,
      databases: ['pglite', 'postgres'],
    });
    expect(readConfig([], { BENCH_MILLION_ON_PGLITE: '1' }).list.million.databases).toEqual([
      'pglite',
      'postgres',
    ]);
  });

  it('reads BENCH_SIZES, with underscores allowed', () => {
    expect(readConfig([], { BENCH_SIZES: '1_000, 250000' }).list.sizes).toEqual([1_000, 250_000]);
  });

  it('rejects bad sizes, unknown options and unknown benchmarks', () => {
    expect(() => readConfig([], { BENCH_SIZES: '10k' })).toThrow(/BENCH_SIZES/);
    expect(() => readConfig(['--fast'], {})).toThrow(/Unknown option --fast/);
    expect(() => readConfig(['--only=list,disk'], {})).toThrow(/--only/);
    expect(() => readConfig(['--fleet-mailboxes=1k'], {})).toThrow(/--fleet-mailboxes/);
    expect(() => readConfig(['--fleet-interval=0'], {})).toThrow(/--fleet-interval/);
    expect(() => readConfig(['--fleet-phases=push,warp'], {})).toThrow(/Unknown fleet phase "warp"/);
  });
});
