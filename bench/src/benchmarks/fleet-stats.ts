import type { FleetLog, LoggedJob } from '../harness/fleet-routes';
import { type Summary, summarize } from '../report/stats';

/** A message the bench put into a sandbox mailbox: its unique subject, and when the control API stored it. */
export type Delivery = { subject: string; mailbox: string; deliveredAt: number };

/** Mailbox-intervals by how many syncs the mailbox had in them. */
export type PerInterval = { total: number; exactlyOne: number; none: number; more: number };

export type PhaseStats = {
  delivered: number;
  arrived: number;
  /** Triage items inserted for a message beyond its first (the insert log; the unique key should keep it 0). */
  duplicateItems: number;
  mailboxes: number;
  /** Mailboxes with at least one successful sync in the window. */
  mailboxesSynced: number;
  /** Mailboxes at least one of whose new messages reached triage. */
  mailboxesWithNewMail: number;
  /** Delivered → inserted, over the messages that arrived (ms). */
  freshness: Summary;
  /**
   * With notification faults: the messages whose notification the sandbox dropped, and the freshness of the
   * rest (a dropped one waits for the poll by design). Null without faults.
   */
  notified: { dropped: number; freshness: Summary } | null;
  syncs: number;
  /** Successful syncs over the whole window. */
  syncsPerSecond: number;
  /** Fleet only: sync jobs completed per second from each round's start to its last completion. */
  roundSyncsPerSecond: number | null;
  /** Fleet only: a sync job's run time (pg-boss started_on → completed_on). */
  syncMs: Summary | null;
  /** Syncs per mailbox per interval (round slot), over the slots that lie wholly inside the window. */
  perInterval: PerInterval;
  /** Fleet only: pg-boss sync jobs beyond the first of a mailbox in one round slot. */
  duplicateJobs: number;
  /** Successful syncs per node (application_name; "—" on PGlite). */
  syncsByNode: Record<string, number>;
  /** Where a new message's time went, over the messages a notified sync filed (push phases; null otherwise). */
  pushPath: PushPath | null;
};

/**
 * The path of a message a notified sync filed, from the job that filed it (the mailbox's sync job running when
 * its item was inserted): heard = delivered → that job queued (the notification, the webhook or the Gmail pull;
 * negative when the message joined a job queued before it and not yet started), waited = queued (or delivered,
 * if later) → started, synced = started → the item inserted.
 */
export type PushPath = {
  /** Messages filed by a job queued by a notification, and by a round's poll. */
  byPush: number;
  byPoll: number;
  heardMs: Summary;
  waitedMs: Summary;
  syncedMs: Summary;
};

export type PhaseInput = {
  deliveries: readonly Delivery[];
  log: FleetLog;
  /** Integration ids of every mailbox under test. */
  integrationIds: readonly string[];
  window: { start: number; end: number };
  intervalMs: number;
  /** Subjects of the messages whose notification a fault dropped; undefined without faults. */
  dropped?: ReadonlySet<string>;
  /** Mailbox address → integration id, for the push path (push phases). */
  integrationIdOf?: ReadonlyMap<string, string>;
};

/** Freshness, throughput and the exactly-once count of one phase of the fleet benchmark. */
export function phaseStats(input: PhaseInput): PhaseStats {
  const { deliveries, log, window, intervalMs } = input;
  // A message's first insert (a second would be a duplicate item, counted below).
  const inserted = new Map<string, number>();
  for (const item of log.items) {
    const first = inserted.get(item.subject);
    if (first === undefined || item.insertedAt < first) inserted.set(item.subject, item.insertedAt);
  }
  const freshness: number[] = [];
  const notifiedFreshness: number[] = [];
  const withNewMail = new Set<string>();
  for (const delivery of deliveries) {
    const at = inserted.get(delivery.subject);
    if (at === undefined) continue;
    freshness.push(at - delivery.deliveredAt);
    if (!input.dropped?.has(delivery.subject)) notifiedFreshness.push(at - delivery.deliveredAt);
    withNewMail.add(delivery.mailbox);
  }
  const dropped = input.dropped
    ? deliveries.filter((delivery) => input.dropped?.has(delivery.subject)).length
    : 0;
  const ids = new Set(input.integrationIds);
  const syncs = log.syncs.filter(
    (sync) => ids.has(sync.integrationId) && sync.at >= window.start && sync.at <= window.end,
  );
  const syncsByNode: Record<string, number> = {};
  for (const sync of syncs) syncsByNode[sync.node ?? '—'] = (syncsByNode[sync.node ?? '—'] ?? 0) + 1;
  const jobs = log.jobs.filter((job) => ids.has(job.key));
  const ran = jobs.filter((job) => job.startedAt !== null && job.completedAt !== null);
  return {
    delivered: deliveries.length,
    arrived: freshness.length,
    duplicateItems: log.items.length - inserted.size,
    mailboxes: ids.size,
    mailboxesSynced: new Set(syncs.map((sync) => sync.integrationId)).size,
    mailboxesWithNewMail: withNewMail.size,
    freshness: summarize(freshness),
    notified: input.dropped ? { dropped, freshness: summarize(notifiedFreshness) } : null,
    syncs: syncs.length,
    syncsPerSecond: syncs.length / ((window.end - window.start) / 1000),
    roundSyncsPerSecond: jobs.length > 0 ? roundRate(jobs) : null,
    syncMs:
      ran.length > 0 ? summarize(ran.map((job) => (job.completedAt ?? 0) - (job.startedAt ?? 0))) : null,
    perInterval: syncsPerInterval(syncs, input.integrationIds, window, intervalMs),
    duplicateJobs: duplicateJobs(jobs),
    syncsByNode,
    pushPath: input.integrationIdOf ? pushPath(deliveries, inserted, jobs, input.integrationIdOf) : null,
  };
}

const PUSH_SLOT = 'push:';

/** The push path of each message a notified sync filed (see PushPath). */
export function pushPath(
  deliveries: readonly Delivery[],
  inserted: ReadonlyMap<string, number>,
  jobs: readonly LoggedJob[],
  integrationIdOf: ReadonlyMap<string, string>,
): PushPath {
  const jobsOf = new Map<string, LoggedJob[]>();
  for (const job of jobs) {
    if (job.startedAt === null) continue;
    const list = jobsOf.get(job.key) ?? [];
    list.push(job);
    jobsOf.set(job.key, list);
  }
  const heard: number[] = [];
  const waited: number[] = [];
  const synced: number[] = [];
  let byPoll = 0;
  for (const delivery of deliveries) {
    const at = inserted.get(delivery.subject);
    const key = integrationIdOf.get(delivery.mailbox);
    if (at === undefined || key === undefined) continue;
    // The job that filed it: the last one of the mailbox started at or before the insert.
    let filer: LoggedJob | undefined;
    for (const job of jobsOf.get(key) ?? []) {
      if ((job.startedAt ?? 0) <= at && (!filer || (job.startedAt ?? 0) > (filer.startedAt ?? 0)))
        filer = job;
    }
    if (!filer?.slot.startsWith(PUSH_SLOT)) {
      if (filer) byPoll++;
      continue;
    }
    const queuedAt = new Date(filer.slot.slice(PUSH_SLOT.length)).getTime();
    const startedAt = filer.startedAt ?? 0;
    heard.push(queuedAt - delivery.deliveredAt);
    waited.push(startedAt - Math.max(queuedAt, delivery.deliveredAt));
    synced.push(at - startedAt);
  }
  return {
    byPush: heard.length,
    byPoll,
    heardMs: summarize(heard),
    waitedMs: summarize(waited),
    syncedMs: summarize(synced),
  };
}

/** For every mailbox and every round slot wholly inside the window, how many syncs completed in it. */
export function syncsPerInterval(
  syncs: readonly { integrationId: string; at: number }[],
  integrationIds: readonly string[],
  window: { start: number; end: number },
  intervalMs: number,
): PerInterval {
  const first = Math.ceil(window.start / intervalMs);
  const last = Math.floor(window.end / intervalMs) - 1;
  const counts = new Map<string, number>();
  for (const sync of syncs) {
    const slot = Math.floor(sync.at / intervalMs);
    if (slot < first || slot > last) continue;
    const key = `${sync.integrationId} ${slot}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const result: PerInterval = { total: 0, exactlyOne: 0, none: 0, more: 0 };
  for (const id of integrationIds) {
    for (let slot = first; slot <= last; slot++) {
      const n = counts.get(`${id} ${slot}`) ?? 0;
      result.total++;
      if (n === 0) result.none++;
      else if (n === 1) result.exactlyOne++;
      else result.more++;
    }
  }
  return result;
}

/** Jobs beyond the first per (mailbox, round slot): pg-boss's own record of a double scheduling. */
export function duplicateJobs(jobs: readonly Pick<LoggedJob, 'key' | 'slot'>[]): number {
  const seen = new Set<string>();
  let duplicates = 0;
  for (const job of jobs) {
    const key = `${job.key} ${job.slot}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
  }
  return duplicates;
}

/** Completed sync jobs per second of round time (each round: from its slot's start to its last completion). */
export function roundRate(jobs: readonly LoggedJob[]): number | null {
  const rounds = new Map<string, { count: number; lastAt: number }>();
  for (const job of jobs) {
    if (job.state !== 'completed' || job.completedAt === null) continue;
    const round = rounds.get(job.slot) ?? { count: 0, lastAt: 0 };
    round.count++;
    round.lastAt = Math.max(round.lastAt, job.completedAt);
    rounds.set(job.slot, round);
  }
  let count = 0;
  let busyMs = 0;
  for (const [slot, round] of rounds) {
    count += round.count;
    busyMs += round.lastAt - new Date(slot).getTime();
  }
  return busyMs > 0 ? count / (busyMs / 1000) : null;
}
