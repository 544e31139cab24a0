import {
  NOTIFICATION_SOURCE_PRIORITY,
  NOTIFICATION_SOURCE_SYNC_INTERVAL_MINUTES,
  TOKEN_EXPIRING_WINDOW_MINUTES,
} from '@ledgerdesk/domain/constants';
import type { NotificationSource, Provider } from '@ledgerdesk/domain/entities';

/** A mailbox's email notification source settings (spec §3), as far as scheduling is concerned. */
export type SourceSettings = Pick<
  NotificationSource,
  | 'isActive'
  | 'syncEnabled'
  | 'syncIntervalMinutes'
  | 'peakHoursIntervalMinutes'
  | 'offPeakIntervalMinutes'
  | 'priority'
>;

/** One active, connected integration as the scheduler sees it. */
export type SyncCandidate = {
  id: string;
  userId: string;
  provider: Provider;
  lastSyncAt: Date | null;
  tokenExpiresAt: Date | null;
  syncErrorCount: number;
  lastSyncErrorAt: Date | null;
  /** Null when the mailbox has no email notification source: the spec's defaults apply. */
  source: SourceSettings | null;
  /** Its live updates are healthy (decision 026: polled every LIVE_PUSH_POLL_PERIODS rounds). */
  isPushLive?: boolean;
  /** A Microsoft 365 shared mailbox (decision 024): without live updates it is polled fast (decision 028). */
  isShared?: boolean;
};

/**
 * A mailbox with healthy live updates is polled every 5 rounds (5 minutes by default) rather than every round
 * (decision 026): its mail comes by notification, and the poll is the net for a lost one. Decision 021 allows up to 15.
 */
export const LIVE_PUSH_POLL_PERIODS = 5;

export type PlanSettings = {
  /** SYNC_INTERVAL_SECONDS in ms: the round period, and the length of one interval "minute". */
  periodMs: number;
  /** Local hours [start, end) that count as peak (SYNC_PEAK_HOURS). */
  peakHours: { start: number; end: number };
  /**
   * SHARED_MAILBOX_POLL_SECONDS in ms when the shared-mailbox poll runs (decision 028): shared mailboxes without
   * live updates are then left to it, not the round. Null or absent: the round polls them like any mailbox.
   */
  sharedPollMs?: number | null;
};

/**
 * `priority` is the source's; `rank` is what the queue orders by: the priority plus one for every interval of its
 * own the mailbox has waited past its due time (ageing), so that when the fleet cannot keep up, a mailbox left
 * waiting overtakes fresher higher-priority ones instead of starving.
 */
export type DueMailbox = SyncCandidate & { priority: number; rank: number; dueAt: Date };

export type SyncPlan = {
  /** Due mailboxes, in the order they get workers: higher rank (priority aged by waiting) first, then longest waiting. */
  due: DueMailbox[];
  /** Integrations whose token expires within the spec §9 window (refreshed by their own jobs). */
  tokenRefresh: SyncCandidate[];
  /** Counts for the round's log line. */
  counts: {
    candidates: number;
    due: number;
    disabled: number;
    backingOff: number;
    notInitialised: number;
    /** Shared mailboxes left to the shared-mailbox poll (decision 028). */
    polledFast: number;
  };
};

/** A failing mailbox waits at most this long between attempts. */
export const MAX_FAILURE_BACKOFF_MS = 30 * 60_000;

/** Parses SYNC_PEAK_HOURS ("8-18"). */
export function parsePeakHours(value: string): { start: number; end: number } {
  const [start = 8, end = 18] = value.split('-').map(Number);
  return { start, end };
}

function isPeak(now: Date, peak: { start: number; end: number }): boolean {
  const hour = now.getHours();
  return peak.start <= peak.end
    ? hour >= peak.start && hour < peak.end
    : hour >= peak.start || hour < peak.end;
}

/**
 * How many periods a mailbox waits between syncs: its source's sync interval, or the peak / off-peak interval
 * when that is longer. Interval "minutes" are counted in SYNC_INTERVAL_SECONDS periods, which are minutes at
 * the default of 60. A mailbox without a source is synced every period ("sync runs automatically every
 * minute"); the spec's source defaults are 1, 1 and 3.
 */
export function intervalPeriods(source: SourceSettings | null, now: Date, peak: PlanSettings['peakHours']) {
  if (!source) return NOTIFICATION_SOURCE_SYNC_INTERVAL_MINUTES;
  const timed = isPeak(now, peak) ? source.peakHoursIntervalMinutes : source.offPeakIntervalMinutes;
  return Math.max(1, source.syncIntervalMinutes, timed);
}

/**
 * When a synced mailbox is due again: `n` round boundaries after its last sync (so an interval of 1 means
 * every round, however long the sync took), and no earlier than its failure backoff (one period after the
 * first failure, doubling per consecutive failure, capped at 30 minutes).
 */
export function dueAt(candidate: SyncCandidate, periods: number, periodMs: number): Date | null {
  if (!candidate.lastSyncAt) return null;
  const nextRound = Math.ceil(candidate.lastSyncAt.getTime() / periodMs) * periodMs;
  let at = nextRound + (periods - 1) * periodMs;
  if (candidate.syncErrorCount > 0 && candidate.lastSyncErrorAt) {
    const backoff = Math.min(MAX_FAILURE_BACKOFF_MS, periodMs * 2 ** (candidate.syncErrorCount - 1));
    at = Math.max(at, candidate.lastSyncErrorAt.getTime() + backoff);
  }
  return new Date(at);
}

/** Decides one scheduling round: which mailboxes are due, in which order, and which tokens to refresh. */
export function planSyncRound(
  candidates: readonly SyncCandidate[],
  settings: PlanSettings,
  now: Date,
): SyncPlan {
  const counts = {
    candidates: candidates.length,
    due: 0,
    disabled: 0,
    backingOff: 0,
    notInitialised: 0,
    polledFast: 0,
  };
  const due: DueMailbox[] = [];
  const refreshBy = now.getTime() + TOKEN_EXPIRING_WINDOW_MINUTES * 60_000;
  const tokenRefresh = candidates.filter(
    (candidate) => candidate.tokenExpiresAt !== null && candidate.tokenExpiresAt.getTime() <= refreshBy,
  );
  for (const candidate of candidates) {
    if (candidate.source && (!candidate.source.isActive || !candidate.source.syncEnabled)) {
      counts.disabled++;
      continue;
    }
    if (settings.sharedPollMs && isPolledFast(candidate)) {
      counts.polledFast++;
      continue;
    }
    const configured = intervalPeriods(candidate.source, now, settings.peakHours);
    const periods = candidate.isPushLive ? Math.max(configured, LIVE_PUSH_POLL_PERIODS) : configured;
    const at = dueAt(candidate, periods, settings.periodMs);
    if (!at) {
      counts.notInitialised++;
      continue;
    }
    if (at.getTime() > now.getTime()) {
      if (candidate.syncErrorCount > 0) counts.backingOff++;
      continue;
    }
    const priority = candidate.source?.priority ?? NOTIFICATION_SOURCE_PRIORITY[candidate.provider];
    const missedIntervals = Math.floor((now.getTime() - at.getTime()) / (periods * settings.periodMs));
    due.push({ ...candidate, priority, rank: priority + missedIntervals, dueAt: at });
  }
  due.sort(
    (a, b) =>
      b.rank - a.rank ||
      (a.lastSyncAt?.getTime() ?? 0) - (b.lastSyncAt?.getTime() ?? 0) ||
      a.id.localeCompare(b.id),
  );
  counts.due = due.length;
  return { due, tokenRefresh, counts };
}

/** A shared mailbox whose live updates are not live: the shared-mailbox poll's (decision 028). */
export const isPolledFast = (candidate: SyncCandidate) =>
  candidate.isShared === true && !candidate.isPushLive;

/**
 * One slot of the shared-mailbox poll (decision 028): every shared mailbox without live updates whose sync is
 * enabled, initialised and not backing off after failures is due once per slot (`periodMs` =
 * SHARED_MAILBOX_POLL_SECONDS), ordered like the round's.
 */
export function planSharedPoll(
  candidates: readonly SyncCandidate[],
  periodMs: number,
  now: Date,
): DueMailbox[] {
  const due: DueMailbox[] = [];
  for (const candidate of candidates) {
    if (!isPolledFast(candidate)) continue;
    if (candidate.source && (!candidate.source.isActive || !candidate.source.syncEnabled)) continue;
    const at = dueAt(candidate, 1, periodMs);
    if (!at || at.getTime() > now.getTime()) continue;
    const priority = candidate.source?.priority ?? NOTIFICATION_SOURCE_PRIORITY[candidate.provider];
    due.push({ ...candidate, priority, rank: priority, dueAt: at });
  }
  return due.sort(
    (a, b) => b.rank - a.rank || (a.lastSyncAt?.getTime() ?? 0) - (b.lastSyncAt?.getTime() ?? 0),
  );
}
