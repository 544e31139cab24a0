import { describe, expect, it } from 'vitest';
import {
  LIVE_PUSH_POLL_PERIODS,
  MAX_FAILURE_BACKOFF_MS,
  parsePeakHours,
  planSharedPoll,
  planSyncRound,
  type SyncCandidate,
} from './sync-plan';

const PERIOD = 60_000;
const settings = { periodMs: PERIOD, peakHours: parsePeakHours('8-18') };
const at = (iso: string) => new Date(iso);

function candidate(id: string, patch: Partial<SyncCandidate> = {}): SyncCandidate {
  return {
    id,
    userId: `user-${id}`,
    provider: 'gmail',
    lastSyncAt: at('2026-03-02T10:00:30'),
    tokenExpiresAt: null,
    syncErrorCount: 0,
    lastSyncErrorAt: null,
    source: null,
    ...patch,
  };
}

const source = (patch: Partial<NonNullable<SyncCandidate['source']>> = {}) => ({
  isActive: true,
  syncEnabled: true,
  syncIntervalMinutes: 1,
  peakHoursIntervalMinutes: 1,
  offPeakIntervalMinutes: 3,
  priority: 5,
  ...patch,
});

describe('planSyncRound', () => {
  it('makes a mailbox synced in one round due in the next, however late in the round it finished', () => {
    const plan = planSyncRound(
      [candidate('a', { lastSyncAt: at('2026-03-02T10:00:59') })],
      settings,
      at('2026-03-02T10:01:00'),
    );
    expect(plan.due.map((m) => m.id)).toEqual(['a']);
    expect(planSyncRound([candidate('a')], settings, at('2026-03-02T10:00:45')).due.map((m) => m.id)).toEqual(
      [],
    );
  });

  it('polls a mailbox with live updates every LIVE_PUSH_POLL_PERIODS rounds, the others every round', () => {
    const lastSyncAt = at('2026-03-02T10:00:30');
    const plan = (now: string) =>
      planSyncRound(
        [candidate('live', { isPushLive: true, lastSyncAt }), candidate('polled', { lastSyncAt })],
        settings,
        at(now),
      )
        .due.map((m) => m.id)
        .sort();
    expect(LIVE_PUSH_POLL_PERIODS).toBe(5);
    expect(plan('2026-03-02T10:01:00')).toEqual(['polled']);
    expect(plan('2026-03-02T10:04:59')).toEqual(['polled']);
    expect(plan('2026-03-02T10:05:00')).toEqual(['live', 'polled']);
  });

  it('orders by priority, then the longest waiting first', () => {
    const plan = planSyncRound(
      [
        candidate('recent', { lastSyncAt: at('2026-03-02T10:00:10') }),
        candidate('old', { lastSyncAt: at('2026-03-02T10:00:01') }),
        candidate('urgent', { source: source({ priority: 9 }) }),
        candidate('outlook', { provider: 'office365', lastSyncAt: at('2026-03-02T10:00:50') }),
      ],
      settings,
      at('2026-03-02T10:01:05'),
    );
    expect(plan.due.map((m) => m.id)).toEqual(['urgent', 'outlook', 'old', 'recent']);
  });

  it('ages a mailbox left waiting: each interval it missed raises its rank, so it overtakes fresher ones', () => {
    const now = at('2026-03-02T10:05:05');
    const plan = planSyncRound(
      [
        candidate('fresh-urgent', { source: source({ priority: 9 }), lastSyncAt: at('2026-03-02T10:04:10') }),
        candidate('starved', { lastSyncAt: at('2026-03-02T09:54:10') }),
        candidate('fresh-outlook', { provider: 'office365', lastSyncAt: at('2026-03-02T10:04:20') }),
      ],
      settings,
      now,
    );
    // Gmail's priority is 7; ten missed one-minute intervals make the starved mailbox rank 17.
    expect(plan.due.map((m) => [m.id, m.rank])).toEqual([
      ['starved', 17],
      ['fresh-urgent', 9],
      ['fresh-outlook', 8],
    ]);
  });

  it('uses the peak or off-peak interval of the source, and skips disabled or uninitialised mailboxes', () => {
    const mailboxes = [
      candidate('offpeak', { source: source(), lastSyncAt: at('2026-03-02T20:00:30') }),
      candidate('disabled', { source: source({ syncEnabled: false }) }),
      candidate('inactive', { source: source({ isActive: false }) }),
      candidate('new', { lastSyncAt: null }),
    ];
    const twoLater = planSyncRound(mailboxes, settings, at('2026-03-02T20:02:00'));
    expect(twoLater.due.map((m) => m.id)).toEqual([]);
    expect(twoLater.counts).toMatchObject({ disabled: 2, notInitialised: 1, due: 0 });
    const threeLater = planSyncRound(mailboxes, settings, at('2026-03-02T20:03:00'));
    expect(threeLater.due.map((m) => m.id)).toEqual(['offpeak']);
  });

  it('backs a failing mailbox off exponentially, capped', () => {
    const failing = (count: number) =>
      candidate('f', { syncErrorCount: count, lastSyncErrorAt: at('2026-03-02T10:10:00') });
    const dueAt = (count: number) =>
      planSyncRound([failing(count)], settings, at('2026-03-02T23:00:00')).due[0]?.dueAt.getTime();
    const errorAt = at('2026-03-02T10:10:00').getTime();
    expect(dueAt(1)).toBe(errorAt + PERIOD);
    expect(dueAt(3)).toBe(errorAt + 4 * PERIOD);
    expect(dueAt(20)).toBe(errorAt + MAX_FAILURE_BACKOFF_MS);
    expect(planSyncRound([failing(3)], settings, at('2026-03-02T10:12:00')).counts.backingOff).toBe(1);
  });

  it('lists tokens expiring within 15 minutes for refresh, initialised or not', () => {
    const now = at('2026-03-02T10:00:00');
    const plan = planSyncRound(
      [
        candidate('soon', { tokenExpiresAt: at('2026-03-02T10:14:00'), lastSyncAt: null }),
        candidate('later', { tokenExpiresAt: at('2026-03-02T10:30:00') }),
      ],
      settings,
      now,
    );
    expect(plan.tokenRefresh.map((m) => m.id)).toEqual(['soon']);
  });
});

describe('planSharedPoll (decision 028)', () => {
  const FAST = 15_000;
  const shared = (id: string, patch: Partial<SyncCandidate> = {}) =>
    candidate(id, { provider: 'office365', isShared: true, lastSyncAt: at('2026-03-02T10:00:01'), ...patch });

  it('polls a shared mailbox without live updates once per slot, and leaves it out of the round', () => {
    const boxes = [shared('a'), shared('live', { isPushLive: true }), candidate('personal')];
    expect(planSharedPoll(boxes, FAST, at('2026-03-02T10:00:14')).map((box) => box.id)).toEqual([]);
    expect(planSharedPoll(boxes, FAST, at('2026-03-02T10:00:15')).map((box) => box.id)).toEqual(['a']);
    const round = planSyncRound(boxes, { ...settings, sharedPollMs: FAST }, at('2026-03-02T10:01:00'));
    // (The live one is polled every 5 rounds, decision 026.)
    expect(round.due.map((box) => box.id)).toEqual(['personal']);
    expect(round.counts.polledFast).toBe(1);
    // Without the shared-mailbox poll (the round is as fast), the round keeps it.
    const alone = planSyncRound(boxes, settings, at('2026-03-02T10:01:00'));
    expect(alone.due.map((box) => box.id)).toContain('a');
  });

  it('skips a disabled source, a mailbox never synced, and one backing off after failures', () => {
    const now = at('2026-03-02T10:00:30');
    const boxes = [
      shared('disabled', { source: source({ syncEnabled: false }) }),
      shared('new', { lastSyncAt: null }),
      shared('failing', { syncErrorCount: 3, lastSyncErrorAt: at('2026-03-02T10:00:20') }),
      shared('fine'),
    ];
    expect(planSharedPoll(boxes, FAST, now).map((box) => box.id)).toEqual(['fine']);
  });
});
