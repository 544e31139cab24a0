import PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../db/client';
import {
  createImapIdleHolder,
  type ImapIdleStatus,
  type IntegrationJobData,
  type JobOutcome,
  listPushDue,
  listVerifyDue,
  type MailDeps,
  pullPushNotifications,
  runPushJob,
  runSyncJob,
  runTokenRefreshJob,
  runVerifyJob,
  sharedPollSeconds,
  type VerifyJobData,
} from '../mail/fleet';

import { type KeyedWorker, startKeyedWorker } from './keyed-worker';
import { listSyncCandidates } from './sync-candidates';
import { parsePeakHours, planSharedPoll, planSyncRound } from './sync-plan';

export const QUEUES = {
  /** One job per SYNC_INTERVAL_SECONDS slot across all nodes (throttled): the scheduling round. */
  round: 'mail-sync-round',
  /** One job per due mailbox, singletonKey = integration id. */
  sync: 'mail-sync',
  /** Token refresh ahead of expiry, at most one per integration per 5 minutes. */
  tokenRefresh: 'mail-token-refresh',
  /** One job per second across all nodes (throttled): snoozes that return and reminders that fire then. */
  timers: 'triage-timers',
  /** Setting up, renewing or retrying one mailbox's live updates; singletonKey = integration id (decision 021). */
  push: 'mail-push',
  /** One job per second across all nodes (throttled): read the Gmail Pub/Sub pull subscription. */
  pushPull: 'mail-push-pull',
  /** Reconciling one mailbox with its provider; singletonKey = integration id (decision 021). */
  verify: 'mail-verify',
  /**
   * One job per SHARED_MAILBOX_POLL_SECONDS slot across all nodes (throttled): queues a sync of every Microsoft 365
   * shared mailbox without live updates (decision 028).
   */
  sharedPoll: 'mail-shared-poll',
} as const;

/** Why a sync job was queued besides the round: a push notification, a reconciliation, a person. */
/**
 * Above any round's rank (a source's priority, at most 10, plus one per missed interval): a sync somebody waits
 * for — a notification's, a person's Sync — runs before the round's (decision 026). Without it a notified
 * mailbox waited behind up to a whole round of polls (the 1,000-mailbox bench: push p95 20 s on PostgreSQL).
 */
export const ON_DEMAND_SYNC_PRIORITY = 1_000;

export type SyncReason = 'push' | 'verify';

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
/** The Gmail pull's slot (one pull a second across the fleet). */
const PUSH_PULL_SLOT_SECONDS = 1;

/** The triage timers' slot (decision 009): one job per second, whichever node asks first. */
const TIMER_SLOT_SECONDS = 1;
/** Every node asks twice a slot, so a slot is never missed between two nodes' clocks. */
const TIMER_REQUEST_MS = 500;

/** Spec §9: at most one refresh attempt per integration every 5 minutes (pg-boss throttle slot). */
const TOKEN_REFRESH_SLOT_SECONDS = 5 * 60;
/** Failed sync jobs are retried this often, with exponential backoff from the first delay. */
const SYNC_RETRY_LIMIT = 3;
/** How long stopping waits for syncs in flight (they are crash-safe, so waiting longer buys nothing). */
const STOP_GRACE_MS = 10_000;
/** How long a send waits for the engine to start before trying anyway. */
const START_WAIT_MS = 60_000;

export type SyncRoundData = { slot: string };
/** `slot` is the round's slot, or the reason and time of a sync queued by a notification. */
export type SyncJobData = IntegrationJobData & {
  slot: string;
  reason?: SyncReason;
  /** The history id a Gmail notification announced: the sync reads again briefly until it sees it. */
  hintHistoryId?: string;
};

export type SyncFleetStatus = {
  enabled: boolean;
  /** Sync jobs queued or waiting for a retry, across all nodes. */
  queueDepth: number;
  /** Mailboxes due now and not yet synced. */
  dueMailboxes: number;
  /** How long the longest-waiting due mailbox has been due (seconds); null when none is. */
  oldestDueAgeSeconds: number | null;
};

export type SyncFleet = {
  /** Whether the job engine runs (SYNC_INTERVAL_SECONDS > 0): then it also runs the triage timers. */
  readonly enabled: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<SyncFleetStatus>;
  /**
   * Queues a sync of one mailbox now (a push notification, a reconciliation's find): at most one queued and one
   * running per mailbox across nodes, so a burst of notifications gives one sync after the running one. Answers
   * whether a job was added (false: one was already waiting, or the engine is off).
   */
  queueSync(job: IntegrationJobData & { hintHistoryId?: string }, reason: SyncReason): Promise<boolean>;
  /** Queues a push job for one mailbox now (connected, reactivated, reset, or a lifecycle event). */
  queuePush(job: IntegrationJobData): Promise<boolean>;
  /** Queues a reconciliation of one mailbox now. */
  queueVerify(job: IntegrationJobData): Promise<boolean>;
  /** This node's IMAP IDLE connections (issue 30): each change they hear queues a sync like a notification. */
  imapIdle(): ImapIdleStatus;
};

/**
 * The background mail work on pg-boss (decision 004): every SYNC_INTERVAL_SECONDS one node wins the round
 * slot and queues a sync job per due mailbox (integration id as singletonKey, queue policy `stately`: never
 * two queued or two running) plus token refreshes; every node works the queue with SYNC_CONCURRENCY workers.
 * A node that dies mid-sync leaves its job active until SYNC_JOB_EXPIRE_SECONDS, then another node retries it.
 */
export type SyncFleetOptions = {
  /** The triage timers' work (snooze returns, reminders), run by the one job of each second on any node. */
  timers?: () => Promise<unknown>;
};

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
  let timer: NodeJS.Timeout | null = null;
  let timersTimer: NodeJS.Timeout | null = null;
  let timerWorkers: string[] = [];
  let roundWorkers: string[] = [];
  let sharedPollWorkers: string[] = [];
  let sharedPollTimer: NodeJS.Timeout | null = null;
  // The per-mailbox queues, each worked by a keyed worker (keyed-worker.ts: pg-boss 10's own fetch stalls them).
  const keyedWorkers = new Map<string, KeyedWorker>();
  const wakeWorker = (queue: string) => keyedWorkers.get(queue)?.wake();
  let pushPullWorkers: string[] = [];
  let pushPullTimer: NodeJS.Timeout | null = null;
  let isStopping = false;
  const running = new Set<Promise<unknown>>();
  // Started with the engine when live updates are on; its changes go through queueSync (hoisted below).
  const imapIdle = createImapIdleHolder(deps, (mailbox) => queueSync(mailbox, 'push'));

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };

  /** Asks for this slot's round; only the first node to ask in a slot gets a job. */
  const requestRound = async () => {
    if (isStopping) return;
    const slot = new Date(Math.floor(Date.now() / periodMs) * periodMs).toISOString();
    try {
      const id = await boss.sendThrottled(QUEUES.round, { slot }, { retryLimit: 0 }, periodSeconds);
      if (id) for (const worker of roundWorkers) boss.notifyWorker(worker);
    } catch (error) {
      deps.log.error({ err: error }, 'requesting a sync round failed');
    }
  };

  /** Asks for this second's timers job; the node that gets it runs it at once, any node may if it dies first. */
  const requestTimers = async () => {
    if (isStopping) return;
    const slot = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    try {
      const id = await boss.sendThrottled(
        QUEUES.timers,
        { slot },
        { retryLimit: 0, expireInSeconds: 60 },
        TIMER_SLOT_SECONDS,
      );
      if (id) for (const worker of timerWorkers) boss.notifyWorker(worker);
    } catch (error) {
      deps.log.error({ err: error }, 'requesting the triage timers failed');
    }
  };

  const pendingSyncKeys = async (): Promise<Set<string>> => {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select distinct singleton_key from ${JOBS_SCHEMA}.job where name = $1 and state < 'completed' and singleton_key is not null`,
        [QUEUES.sync],
      );
    return new Set(rows.map((row: { singleton_key: string }) => row.singleton_key));
  };

  /**
   * Whether this round job is its slot's first. The throttle keys a round by the database's clock at insert, the
   * slot by the asking node's: an insert delayed past a slot boundary (a loaded machine) got a second round for
   * the slot before it, which queued its mailboxes again. The earliest round job of a slot runs; any other skips.
   */
  const isFirstRoundOfSlot = async (jobId: string, slot: string, queue: string = QUEUES.round) => {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select id from ${JOBS_SCHEMA}.job where name = $1 and data->>'slot' = $2 order by created_on, id limit 1`,
        [queue, slot],
      );
    const first = (rows as { id: string }[])[0];
    return !first || first.id === jobId;
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

  /** Asks for this slot's shared-mailbox poll; only the first node to ask in a slot gets a job (decision 028). */
  const requestSharedPoll = async () => {
    if (isStopping || !sharedPollMs || !sharedSeconds) return;
    const slot = new Date(Math.floor(Date.now() / sharedPollMs) * sharedPollMs).toISOString();
    try {
      const id = await boss.sendThrottled(
        QUEUES.sharedPoll,
        { slot },
        { retryLimit: 0, expireInSeconds: 60 },
        sharedSeconds,
      );
      if (id) for (const worker of sharedPollWorkers) boss.notifyWorker(worker);
    } catch (error) {
      deps.log.error({ err: error }, 'requesting the shared-mailbox poll failed');
    }
  };

  /**
   * One slot of the shared-mailbox poll: a sync job per due shared mailbox without live updates, on the same
   * stately queue as the round's (one queued and one running per mailbox across nodes), skipping mailboxes that
   * still have one. Like the round, only the slot's first job runs.
   */
  const runSharedPoll = async (jobId: string, data: SyncRoundData) => {
    if (!sharedPollMs || !(await isFirstRoundOfSlot(jobId, data.slot, QUEUES.sharedPoll))) return;
    const due = planSharedPoll(await listSyncCandidates(deps.db), sharedPollMs, new Date());
    if (due.length === 0) return;
    const pending = await pendingSyncKeys();
    let queued = 0;
    for (const mailbox of due) {
      if (pending.has(mailbox.id)) continue;
      const job: SyncJobData = {
        integrationId: mailbox.id,
        userId: mailbox.userId,
        slot: `shared:${data.slot}`,
      };
      if (await boss.send(QUEUES.sync, job, { singletonKey: mailbox.id, priority: mailbox.rank })) queued++;
    }
    if (queued > 0) wakeWorker(QUEUES.sync);
    deps.log.debug({ slot: data.slot, due: due.length, queued }, 'shared-mailbox poll');
  };

  /** Asks for this second's Gmail pull; the node that gets it pulls once and queues the mailboxes named. */
  const requestPushPull = async () => {
    if (isStopping) return;
    const slot = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    try {
      const id = await boss.sendThrottled(
        QUEUES.pushPull,
        { slot },
        { retryLimit: 0, expireInSeconds: 60 },
        PUSH_PULL_SLOT_SECONDS,
      );
      if (id) for (const worker of pushPullWorkers) boss.notifyWorker(worker);
    } catch (error) {
      deps.log.error({ err: error }, 'requesting the Gmail pull failed');
    }
  };

  const runPushPull = async () => {
    try {
      await pullPushNotifications(deps, (mailbox) => queueSync(mailbox, 'push'));
    } catch (error) {
      // Unacknowledged notifications come back; the poll covers the mailboxes meanwhile.
      deps.log.warn({ err: error }, 'reading Gmail notifications failed');
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

  const runRound = async (jobId: string, data: SyncRoundData) => {
    if (!(await isFirstRoundOfSlot(jobId, data.slot))) {
      deps.log.info({ slot: data.slot }, 'sync round skipped: its slot already had one');
      return;
    }
    const candidates = await listSyncCandidates(deps.db);
    const plan = planSyncRound(candidates, planSettings, new Date());
    const pending = await pendingSyncKeys();
    let queued = 0;
    let alreadyQueued = 0;
    const aged: { key: string; rank: number }[] = [];
    for (const mailbox of plan.due) {
      if (pending.has(mailbox.id)) {
        alreadyQueued++;
        if (mailbox.rank > mailbox.priority) aged.push({ key: mailbox.id, rank: mailbox.rank });
        continue;
      }
      const job: SyncJobData = { integrationId: mailbox.id, userId: mailbox.userId, slot: data.slot };
      const id = await boss.send(QUEUES.sync, job, { singletonKey: mailbox.id, priority: mailbox.rank });
      if (id) queued++;
      else alreadyQueued++;
    }
    // A job still waiting from an earlier round ages too: it must not sit behind fresher jobs for ever.
    if (aged.length > 0) {
      await boss.getDb().executeSql(
        `update ${JOBS_SCHEMA}.job j set priority = greatest(j.priority, a.rank)
           from jsonb_to_recordset($2::jsonb) as a(key text, rank int)
           where j.name = $1 and j.state = 'created' and j.singleton_key = a.key`,
        [QUEUES.sync, JSON.stringify(aged)],
      );
    }
    let refreshes = 0;
    for (const candidate of plan.tokenRefresh) {
      const job: IntegrationJobData = { integrationId: candidate.id, userId: candidate.userId };
      const id = await boss.sendThrottled(
        QUEUES.tokenRefresh,
        job,
        {},
        TOKEN_REFRESH_SLOT_SECONDS,
        candidate.id,
      );
      if (id) refreshes++;
    }
    wakeWorker(QUEUES.sync);
    const now = new Date();
    let pushJobs = 0;
    const pushDue = env.MAIL_PUSH === 'off' ? [] : await listPushDue(deps.db, now);
    for (const mailbox of pushDue) {
      if (await sendSingleton(QUEUES.push, mailbox)) pushJobs++;
    }
    let verifyJobs = 0;
    for (const mailbox of await listVerifyDue(deps.db, now)) {
      if (await sendSingleton(QUEUES.verify, mailbox, { queuedAt: new Date().toISOString() })) verifyJobs++;
    }
    deps.log.info(
      {
        slot: data.slot,
        ...plan.counts,
        queued,
        alreadyQueued,
        tokenRefreshes: refreshes,
        pushJobs,
        verifyJobs,
      },
      'sync round',
    );
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
    const polling = { pollingIntervalSeconds: Math.max(0.5, Math.min(2, periodSeconds / 2)), batchSize: 1 };
    roundWorkers = [
      await boss.work<SyncRoundData>(QUEUES.round, polling, async ([job]) => {
        if (job) await track(runRound(job.id, job.data));
      }),
    ];
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
          onError: (error, message) => deps.log.error({ err: error, queue }, message),
        }),
      );
    keyed<SyncJobData>(QUEUES.sync, Math.max(250, Math.min(SYNC_IDLE_POLL_MS, periodMs / 2)), (data) => {
      const waitMs = data.reason ? PUSH_SYNC_LOCK_WAIT_MS : 0;
      const hintCursor = data.hintHistoryId;
      return logged('scheduled sync', data, () => runSyncJob(deps, data, { waitMs, hintCursor }));
    });
    await boss.work<IntegrationJobData>(QUEUES.tokenRefresh, polling, async ([job]) => {
      if (job) await logged('scheduled token refresh', job.data, () => runTokenRefreshJob(deps, job.data));
    });
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
      pushPullWorkers = [
        await boss.work(QUEUES.pushPull, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          if (job) await track(runPushPull());
        }),
      ];
      pushPullTimer = setInterval(() => void requestPushPull(), TIMER_REQUEST_MS);
      pushPullTimer.unref();
    }
    // Only when shared mailboxes are polled faster than the round (decision 028).
    if (sharedPollMs) {
      await boss.createQueue(QUEUES.sharedPoll, {
        name: QUEUES.sharedPoll,
        retryLimit: 0,
        retentionMinutes: 10,
      });
      sharedPollWorkers = [
        await boss.work<SyncRoundData>(QUEUES.sharedPoll, polling, async ([job]) => {
          if (job) await track(runSharedPoll(job.id, job.data));
        }),
      ];
      sharedPollTimer = setInterval(
        () => void requestSharedPoll(),
        Math.max(500, Math.min(sharedPollMs / 2, 5000)),
      );
      sharedPollTimer.unref();
    }
    const runTimers = options.timers;
    if (runTimers) {
      await boss.createQueue(QUEUES.timers, { name: QUEUES.timers, retryLimit: 0, retentionMinutes: 10 });
      timerWorkers = [
        await boss.work(QUEUES.timers, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          if (job) await track(runTimers());
        }),
      ];
      timersTimer = setInterval(() => void requestTimers(), TIMER_REQUEST_MS);
      timersTimer.unref();
    }
    if (env.MAIL_PUSH !== 'off') imapIdle.start();
    // Every node asks for the current slot's round a few times per slot; the throttle keeps one per slot.
    timer = setInterval(() => void requestRound(), Math.max(500, Math.min(periodMs / 2, 5000)));
    timer.unref();
    await requestRound();
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
      if (timer) clearInterval(timer);
      if (timersTimer) clearInterval(timersTimer);
      if (pushPullTimer) clearInterval(pushPullTimer);
      if (sharedPollTimer) clearInterval(sharedPollTimer);
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
