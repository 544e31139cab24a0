import PgBoss from 'pg-boss';
import { sharedPollSeconds } from '../config/shared-poll';
import { JOBS_SCHEMA } from '../db/client';
import {
  createImapIdleHolder,
  createOutboxHolder,
  type IntegrationJobData,
  type JobOutcome,
  type MailDeps,
  pullPushNotifications,
  runPushJob,
  runSyncJob,
  runTokenRefreshJob,
  runVerifyJob,
  type VerifyJobData,
} from '../mail/fleet';
import {
  ON_DEMAND_SYNC_PRIORITY,
  QUEUES,
  type SyncFleet,
  type SyncFleetOptions,
  type SyncJobData,
  type SyncReason,
} from './fleet-types';
import { type KeyedWorker, startKeyedWorker } from './keyed-worker';
import { recoverOrphanedJobs } from './orphaned-jobs';
import { slotJob } from './slot-jobs';
import { listSyncCandidates } from './sync-candidates';
import { parsePeakHours, planSyncRound } from './sync-plan';
import { runSharedPoll, runSyncRound } from './sync-round';

export {
  ON_DEMAND_SYNC_PRIORITY,
  QUEUES,
  type SyncFleet,
  type SyncFleetOptions,
  type SyncFleetStatus,
  type SyncJobData,
  type SyncReason,
  type SyncRoundData,
} from './fleet-types';

/** A push-queued sync waits this long for a manual sync or reset holding the mailbox, then gives way. */
const PUSH_SYNC_LOCK_WAIT_MS = 30_000;
/**
 * An idle sync worker looks for work this often (at most; half the round at short test intervals). The node that
 * queues a sync wakes its own worker at once; this bounds how long a job queued on one node waits while that
 * node's workers are all busy and another node's are idle.
 */
const SYNC_IDLE_POLL_MS = 1_000;
/** Push set-ups and reconciliations are woken by the node that queues them; other nodes look this often. */
const RARE_POLL_MS = 10_000;
/** The Gmail pull's slot (one pull a second across the fleet) and the triage timers' (decision 009). */
const ONE_SECOND_SLOT = 1;
/** Every node asks twice a second for the one-second slots, so a slot is never missed between two nodes' clocks. */
const SLOT_REQUEST_MS = 500;
/** Failed sync jobs are retried this often, with exponential backoff from the first delay. */
const SYNC_RETRY_LIMIT = 3;
/** How long stopping waits for syncs in flight (they are crash-safe, so waiting longer buys nothing). */
const STOP_GRACE_MS = 10_000;
/** How long a send waits for the engine to start before trying anyway. */
const START_WAIT_MS = 60_000;

/**
 * The background mail work on pg-boss (decision 004): every SYNC_INTERVAL_SECONDS one node wins the round
 * slot and queues a sync job per due mailbox (integration id as singletonKey, queue policy `stately`: never
 * two queued or two running) plus token refreshes; every node works the queue with SYNC_CONCURRENCY workers.
 * A node that dies mid-sync leaves its job active; any node gives it back to the queue at its next look
 * (orphaned-jobs.ts, decision 034), SYNC_JOB_EXPIRE_SECONDS staying for a node that lives but is stuck.
 * The round itself is sync-round.ts; the one-per-slot jobs (round, timers, Gmail pull) slot-jobs.ts; the
 * per-mailbox queues are worked by keyed-worker.ts.
 */
export function createSyncFleet(deps: MailDeps, options: SyncFleetOptions = {}): SyncFleet {
  const { env } = deps;
  const periodSeconds = env.SYNC_INTERVAL_SECONDS;
  const periodMs = periodSeconds * 1000;
  const sharedSeconds = sharedPollSeconds(env);
  const sharedPollMs = sharedSeconds === null ? null : sharedSeconds * 1000;
  const planSettings = { periodMs, peakHours: parsePeakHours(env.SYNC_PEAK_HOURS), sharedPollMs };
  const jobs = deps.database.jobs;
  const boss = new PgBoss({
    ...('connectionString' in jobs ? { connectionString: jobs.connectionString, max: 4 } : { db: jobs }),
    schema: JOBS_SCHEMA,
    schedule: false,
    // Expired jobs (a node that died) are found by maintenance: run it often enough for the expiry to matter.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(env.SYNC_JOB_EXPIRE_SECONDS / 2))),
    monitorStateIntervalSeconds: 60,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => deps.log.error({ err: error }, 'job engine error'));
  const intervals: NodeJS.Timeout[] = [];
  // The per-mailbox queues, each worked by a keyed worker (keyed-worker.ts: pg-boss 10's own fetch stalls them).
  const keyedWorkers = new Map<string, KeyedWorker>();
  const wakeWorker = (queue: string) => keyedWorkers.get(queue)?.wake();
  let isStopping = false;
  /** Aborted at stop: a Gmail pull (a long poll) in flight is abandoned, so stopping does not wait for it. */
  const pullStop = new AbortController();
  /** This node's pull is in flight: no further slot is asked for until it answers (it may be held for seconds). */
  let isPulling = false;
  const slotOf = (queue: string, seconds: number, what: string, options: PgBoss.SendOptions) =>
    slotJob(boss, { queue, seconds, what, log: deps.log, isStopping: () => isStopping, options });
  const round = slotOf(QUEUES.round, periodSeconds, 'requesting a sync round failed', { retryLimit: 0 });
  const timersSlot = slotOf(QUEUES.timers, ONE_SECOND_SLOT, 'requesting the triage timers failed', {
    retryLimit: 0,
    expireInSeconds: 60,
  });
  const pullSlot = slotOf(QUEUES.pushPull, ONE_SECOND_SLOT, 'requesting the Gmail pull failed', {
    retryLimit: 0,
    expireInSeconds: 60,
  });
  const sharedPollSlot = sharedSeconds
    ? slotOf(QUEUES.sharedPoll, sharedSeconds, 'requesting the shared-mailbox poll failed', {
        retryLimit: 0,
        expireInSeconds: 60,
      })
    : null;
  const every = (ms: number, request: () => Promise<void>) => {
    const interval = setInterval(() => void request(), ms);
    interval.unref();
    intervals.push(interval);
  };
  const running = new Set<Promise<unknown>>();
  /**
   * This node's identity to the per-mailbox queues (decision 034): a session advisory lock that dies with the
   * node, stamped on every job its keyed workers take, so any node gives a dead node's jobs back at once.
   */
  const holder = createOutboxHolder(deps);
  const holderLock = async () => (await holder.current())?.lock ?? null;
  const recoverJobs = async () => {
    try {
      const recovered = await recoverOrphanedJobs(boss, [
        QUEUES.sync,
        QUEUES.push,
        QUEUES.verify,
        QUEUES.tokenRefresh,
      ]);
      if (recovered.length === 0) return;
      deps.log.warn({ recovered }, 'jobs of a node that is gone were given back to their queues');
      for (const queue of new Set(recovered.map((job) => job.name))) wakeWorker(queue);
    } catch (error) {
      deps.log.warn({ err: error }, 'looking for the jobs of a node that is gone failed');
    }
  };
  // Started with the engine when live updates are on; its changes go through queueSync (hoisted below).
  // Its leases are held in the name of the same holder lock, so a dead node's IDLE is taken over too (decision 034).
  const imapIdle = createImapIdleHolder(
    deps,
    (mailbox) => queueSync(mailbox, 'push'),
    () => holder.current(),
  );

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };

  /**
   * One job per mailbox on a stately queue: never two queued or two running for it, on any node. With a
   * priority, a job of the mailbox already waiting is raised to it (the waiting job does the same work).
   */
  const sendSingleton = async (queue: string, job: IntegrationJobData, data: object = {}, priority = 0) => {
    const payload = { integrationId: job.integrationId, userId: job.userId, ...data };
    await whenStarted();
    const id = await boss.send(queue, payload, { singletonKey: job.integrationId, priority });
    if (!id && priority > 0) {
      await boss.getDb().executeSql(
        `update ${JOBS_SCHEMA}.job set priority = $3
           where name = $1 and singleton_key = $2 and state = 'created' and priority < $3`,
        [queue, job.integrationId, priority],
      );
    }
    if (id) wakeWorker(queue);
    return id !== null;
  };

  const runPushPull = async () => {
    isPulling = true;
    try {
      await pullPushNotifications(deps, (mailbox) => queueSync(mailbox, 'push'), pullStop.signal);
    } catch (error) {
      // Unacknowledged notifications come back; the poll covers the mailboxes meanwhile.
      deps.log.warn({ err: error }, 'reading Gmail notifications failed');
    } finally {
      isPulling = false;
    }
  };

  let starting: Promise<void> | null = null;
  let isStarted = false;
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  /**
   * What is sent waits for the engine's start: main.ts sets app.syncFleet before it listens (it must listen
   * before starting: a Graph subscription's set-up posts its handshake to this server), so a webhook answered
   * while the node starts still queues its sync instead of being lost after its 202. Bounded, for a fleet
   * never started (the send then fails as before).
   */
  const whenStarted = () =>
    isStarted
      ? Promise.resolve()
      : Promise.race([started, new Promise<void>((resolve) => setTimeout(resolve, START_WAIT_MS).unref())]);

  const queueSync = async (job: IntegrationJobData & { hintHistoryId?: string }, reason: SyncReason) => {
    if (periodMs <= 0 || isStopping) return false;
    const slot = `${reason}:${new Date().toISOString()}`;
    const hint = job.hintHistoryId ? { hintHistoryId: job.hintHistoryId } : {};
    return sendSingleton(QUEUES.sync, job, { slot, reason, ...hint }, ON_DEMAND_SYNC_PRIORITY);
  };

  const logged = async (name: string, data: IntegrationJobData, work: () => Promise<JobOutcome>) => {
    const outcome = await track(work());
    deps.log.debug({ integrationId: data.integrationId, outcome }, name);
    return outcome;
  };

  /** Starts the engine and this node's workers, once (see start). */
  const startEngine = async () => {
    if (periodMs <= 0) return;
    await boss.start();
    await boss.createQueue(QUEUES.round, { name: QUEUES.round, retentionMinutes: 60 });
    const syncQueue: PgBoss.Queue = {
      name: QUEUES.sync,
      policy: 'stately',
      retryLimit: SYNC_RETRY_LIMIT,
      retryDelay: Math.max(5, periodSeconds),
      retryBackoff: true,
      expireInSeconds: env.SYNC_JOB_EXPIRE_SECONDS,
    };
    await boss.createQueue(QUEUES.sync, syncQueue);
    await boss.updateQueue(QUEUES.sync, syncQueue);
    await boss.createQueue(QUEUES.tokenRefresh, { name: QUEUES.tokenRefresh, retryLimit: 0 });
    const pollSeconds = Math.max(0.5, Math.min(2, periodSeconds / 2));
    const roundContext = { deps, boss, planSettings, sendSingleton, wake: wakeWorker };
    await round.work((job) => track(runSyncRound(roundContext, job.id, job.data)), pollSeconds);
    // Only when shared mailboxes are polled faster than the round (decision 028).
    if (sharedPollSlot && sharedPollMs) {
      await boss.createQueue(QUEUES.sharedPoll, {
        name: QUEUES.sharedPoll,
        retryLimit: 0,
        retentionMinutes: 10,
      });
      await sharedPollSlot.work(
        (job) => track(runSharedPoll(roundContext, sharedPollMs, job.id, job.data)),
        pollSeconds,
      );
      every(Math.max(500, Math.min(sharedPollMs / 2, 5000)), sharedPollSlot.request);
    }
    const keyed = <T extends IntegrationJobData>(
      queue: string,
      idlePollMs: number,
      run: (data: T) => Promise<unknown>,
      concurrency = env.SYNC_CONCURRENCY,
    ) =>
      // A stop that came while the engine was starting: no worker it would not stop.
      !isStopping &&
      keyedWorkers.set(
        queue,
        startKeyedWorker<T>(boss, {
          queue,
          concurrency,
          idlePollMs,
          run: (job) => run(job.data),
          holderLock,
          onError: (error, message) => deps.log.error({ err: error, queue }, message),
        }),
      );
    keyed<SyncJobData>(QUEUES.sync, Math.max(250, Math.min(SYNC_IDLE_POLL_MS, periodMs / 2)), (data) => {
      const waitMs = data.reason ? PUSH_SYNC_LOCK_WAIT_MS : 0;
      const hintCursor = data.hintHistoryId;
      return logged('scheduled sync', data, () => runSyncJob(deps, data, { waitMs, hintCursor }));
    });
    // Through the keyed worker too, one at a time as before: a refresh is stamped with this node's holder lock, so
    // one left by a node that died is taken over at the next look (decision 034), not after its 15-minute expiry.
    keyed<IntegrationJobData>(
      QUEUES.tokenRefresh,
      pollSeconds * 1000,
      (data) => logged('scheduled token refresh', data, () => runTokenRefreshJob(deps, data)),
      1,
    );
    const perMailbox = (name: string): PgBoss.Queue => ({
      name,
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: env.SYNC_JOB_EXPIRE_SECONDS,
    });
    await boss.createQueue(QUEUES.push, perMailbox(QUEUES.push));
    await boss.createQueue(QUEUES.verify, perMailbox(QUEUES.verify));
    // The node that queues a push or verify job wakes its own worker; the others look now and then. A set-up
    // mostly waits on the provider (and, for Graph, on its handshake back to a node): SYNC_CONCURRENCY at a time,
    // so a fleet turning live updates on is set up in seconds per hundred mailboxes, not minutes.
    keyed<IntegrationJobData>(QUEUES.push, RARE_POLL_MS, (data) =>
      logged('push set-up', data, () => runPushJob(deps, data)),
    );
    // One reconciliation at a time per node: a run syncs and lists whole folders.
    keyed<VerifyJobData>(
      QUEUES.verify,
      RARE_POLL_MS,
      (data) => logged('reconciliation', data, () => runVerifyJob(deps, data)),
      1,
    );
    // Without Gmail push settings there is nothing to pull: no slot is asked for (no writes a second for nothing).
    if (deps.pubsub) {
      await boss.createQueue(QUEUES.pushPull, {
        name: QUEUES.pushPull,
        retryLimit: 0,
        retentionMinutes: 10,
      });
      await pullSlot.work(() => track(runPushPull()));
      every(SLOT_REQUEST_MS, async () => {
        if (!isPulling) await pullSlot.request();
      });
    }
    const runTimers = options.timers;
    if (runTimers) {
      await boss.createQueue(QUEUES.timers, { name: QUEUES.timers, retryLimit: 0, retentionMinutes: 10 });
      await timersSlot.work(() => track(runTimers()));
      every(SLOT_REQUEST_MS, timersSlot.request);
    }
    if (env.MAIL_PUSH !== 'off') imapIdle.start();
    // A dead node's mailboxes are synced again within the round, not after SYNC_JOB_EXPIRE_SECONDS.
    every(Math.max(1000, Math.min(periodMs / 2, 5000)), recoverJobs);
    await recoverJobs();
    // Every node asks for the current slot's round a few times per slot; the throttle keeps one per slot.
    every(Math.max(500, Math.min(periodMs / 2, 5000)), round.request);
    await round.request();
  };

  return {
    enabled: periodMs > 0,
    queueSync,
    queuePush: async (job) =>
      periodMs > 0 && !isStopping && env.MAIL_PUSH !== 'off' ? sendSingleton(QUEUES.push, job) : false,
    imapIdle: () => imapIdle.status(),
    queueVerify: async (job) =>
      periodMs > 0 && !isStopping
        ? sendSingleton(QUEUES.verify, job, { queuedAt: new Date().toISOString() })
        : false,
    start() {
      starting ??= startEngine().then(() => {
        isStarted = true;
        markStarted();
      });
      return starting;
    },
    async stop() {
      if (periodMs <= 0) return;
      isStopping = true;
      pullStop.abort();
      for (const interval of intervals) clearInterval(interval);
      // Its leases given back first: another node takes the mailboxes at its next claim, not after a lease.
      await imapIdle.stop();
      // The keyed workers before the engine: their last completions need its pool.
      await Promise.all([...keyedWorkers.values()].map((worker) => worker.stop(STOP_GRACE_MS)));
      // Resolves once the engine has stopped: its workers finished (or their jobs failed back to the queue after
      // the grace time) and its own pool closed, which waits for a job's completion still being written. With
      // `wait: false` it resolved at once and that write raced whatever came next (a test dropping the database
      // saw "terminating connection" from pg-boss's complete).
      await boss
        .stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS })
        .catch((error: unknown) => deps.log.error({ err: error }, 'job engine did not stop cleanly'));
      await Promise.race([
        Promise.allSettled(running),
        new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref()),
      ]);
      await holder.close();
    },
    async status() {
      // Not running until its start is done (health says so while a node starts).
      if (periodMs <= 0 || !isStarted)
        return { enabled: false, queueDepth: 0, dueMailboxes: 0, oldestDueAgeSeconds: null };
      const now = new Date();
      const [queueDepth, candidates] = await Promise.all([
        boss.getQueueSize(QUEUES.sync, { before: 'active' }),
        listSyncCandidates(deps.db),
      ]);
      const due = planSyncRound(candidates, planSettings, now).due;
      const oldest = due.reduce<number | null>(
        (min, mailbox) => (min === null ? mailbox.dueAt.getTime() : Math.min(min, mailbox.dueAt.getTime())),
        null,
      );
      return {
        enabled: true,
        queueDepth,
        dueMailboxes: due.length,
        oldestDueAgeSeconds: oldest === null ? null : Math.round((now.getTime() - oldest) / 1000),
      };
    },
  };
}
