import { describe, expect, it } from 'vitest';
import type { LoggedJob } from '../harness/fleet-routes';
import { duplicateJobs, phaseStats, pushPath, roundRate, syncsPerInterval } from './fleet-stats';

const job = (key: string, slot: string, startedAt: number, completedAt: number): LoggedJob => ({
  key,
  slot,
  state: 'completed',
  startedAt,
  completedAt,
  retries: 0,
});

describe('syncsPerInterval', () => {
  it('counts each mailbox in each slot wholly inside the window: none, exactly one or more', () => {
    const syncs = [
      { integrationId: 'a', at: 10_500 },
      { integrationId: 'a', at: 20_100 },
      { integrationId: 'b', at: 10_200 },
      { integrationId: 'b', at: 10_900 },
      // Outside the whole slots of the window (the partial first one and after the end).
      { integrationId: 'b', at: 9_900 },
      { integrationId: 'a', at: 30_500 },
    ];
    // Window 9.5 s → 30.2 s at 10 s: slots [10, 20) and [20, 30).
    expect(syncsPerInterval(syncs, ['a', 'b'], { start: 9_500, end: 30_200 }, 10_000)).toEqual({
      total: 4,
      exactlyOne: 2,
      none: 1,
      more: 1,
    });
  });
});

describe('duplicateJobs', () => {
  it('counts jobs beyond the first of a mailbox in one round slot', () => {
    expect(
      duplicateJobs([
        { key: 'a', slot: 's1' },
        { key: 'a', slot: 's2' },
        { key: 'b', slot: 's1' },
        { key: 'a', slot: 's1' },
      ]),
    ).toBe(1);
  });
});

describe('roundRate', () => {
  it('divides completed jobs by the time from each round start to its last completion', () => {
    const slot1 = new Date(60_000).toISOString();
    const slot2 = new Date(120_000).toISOString();
    const jobs = [
      job('a', slot1, 60_100, 61_000),
      job('b', slot1, 60_100, 62_000),
      job('a', slot2, 120_100, 121_000),
      job('b', slot2, 120_100, 122_000),
    ];
    expect(roundRate(jobs)).toBeCloseTo(1);
  });

  it('is null without completed jobs', () => {
    expect(roundRate([{ ...job('a', 's', 1, 2), state: 'failed' }])).toBeNull();
  });
});

describe('phaseStats', () => {
  it('measures freshness over the messages that arrived and counts the mailboxes reached', () => {
    const stats = phaseStats({
      deliveries: [
        { subject: 'Fleet x 1', mailbox: 'm1', deliveredAt: 1_000 },
        { subject: 'Fleet x 2', mailbox: 'm2', deliveredAt: 2_000 },
        { subject: 'Fleet x 3', mailbox: 'm2', deliveredAt: 3_000 },
      ],
      log: {
        items: [
          { subject: 'Fleet x 1', insertedAt: 4_000, createdAt: 3_990 },
          { subject: 'Fleet x 3', insertedAt: 4_000, createdAt: 3_990 },
          // The same message inserted twice would be a duplicate item.
          { subject: 'Fleet x 3', insertedAt: 4_500, createdAt: 4_490 },
        ],
        syncs: [
          { integrationId: 'i1', at: 4_000, node: 'node-a' },
          { integrationId: 'i2', at: 4_000, node: 'node-b' },
          { integrationId: 'other', at: 4_000, node: 'node-b' },
        ],
        jobs: [],
      },
      integrationIds: ['i1', 'i2'],
      window: { start: 0, end: 10_000 },
      intervalMs: 5_000,
    });
    expect(stats).toMatchObject({
      delivered: 3,
      arrived: 2,
      duplicateItems: 1,
      mailboxes: 2,
      mailboxesSynced: 2,
      mailboxesWithNewMail: 2,
      syncs: 2,
      syncsPerSecond: 0.2,
      roundSyncsPerSecond: null,
      syncMs: null,
      duplicateJobs: 0,
      syncsByNode: { 'node-a': 1, 'node-b': 1 },
    });
    expect(stats.freshness.max).toBe(3_000);
    expect(stats.freshness.p50).toBe(2_000);
  });

  it('with faults, measures the notified messages apart from the dropped ones', () => {
    const stats = phaseStats({
      deliveries: [
        { subject: 'Fleet x 1', mailbox: 'm1', deliveredAt: 1_000 },
        { subject: 'Fleet x 2', mailbox: 'm2', deliveredAt: 1_000 },
      ],
      log: {
        items: [
          { subject: 'Fleet x 1', insertedAt: 2_000, createdAt: 1_990 },
          { subject: 'Fleet x 2', insertedAt: 31_000, createdAt: 30_990 },
        ],
        syncs: [],
        jobs: [],
      },
      integrationIds: ['i1', 'i2'],
      window: { start: 0, end: 40_000 },
      intervalMs: 30_000,
      dropped: new Set(['Fleet x 2']),
    });
    expect(stats.freshness.max).toBe(30_000);
    expect(stats.notified).toMatchObject({ dropped: 1, freshness: { max: 1_000, p95: 1_000 } });
  });
});

describe('pushPath', () => {
  it("splits a notified message's time by the job that filed it, and counts the poll's separately", () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const deliveries = [
      { subject: 'm1', mailbox: 'a@x', deliveredAt: 1_000 },
      { subject: 'm2', mailbox: 'b@x', deliveredAt: 1_000 },
      { subject: 'm3', mailbox: 'a@x', deliveredAt: 5_000 },
    ];
    const inserted = new Map([
      ['m1', 1_900],
      ['m2', 3_000],
      ['m3', 5_800],
    ]);
    const jobs = [
      // a: notified at 1.2 s, started 1.5 s, filed m1 at 1.9 s; a later one for m3.
      job('a', `push:${iso(1_200)}`, 1_500, 2_000),
      job('a', `push:${iso(5_300)}`, 5_400, 6_000),
      // b: a round's poll filed m2.
      job('b', iso(0), 2_500, 3_100),
    ];
    const path = pushPath(
      deliveries,
      inserted,
      jobs,
      new Map([
        ['a@x', 'a'],
        ['b@x', 'b'],
      ]),
    );
    expect(path.byPush).toBe(2);
    expect(path.byPoll).toBe(1);
    expect([path.heardMs.min, path.heardMs.max]).toEqual([200, 300]);
    expect([path.waitedMs.min, path.waitedMs.max]).toEqual([100, 300]);
    expect([path.syncedMs.min, path.syncedMs.max]).toEqual([400, 400]);
  });
});
