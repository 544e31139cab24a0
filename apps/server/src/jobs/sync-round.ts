import type PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../db/client';
import { type IntegrationJobData, listPushDue, listVerifyDue, type MailDeps } from '../mail/fleet';
import { QUEUES, type SyncJobData, type SyncRoundData } from './fleet-types';
import { listSyncCandidates } from './sync-candidates';
import { type PlanSettings, planSharedPoll, planSyncRound } from './sync-plan';

/** Spec §9: at most one refresh attempt per integration every 5 minutes (pg-boss throttle slot). */
const TOKEN_REFRESH_SLOT_SECONDS = 5 * 60;

export type RoundContext = {
  deps: MailDeps;
  boss: PgBoss;
  planSettings: PlanSettings;
  /** One job per mailbox on a stately per-mailbox queue (the fleet's sendSingleton). */
  sendSingleton(queue: string, job: IntegrationJobData, data?: object): Promise<boolean>;
  wake(queue: string): void;
};

/**
 * One scheduling round (decision 004, 026): a sync job per due mailbox at its rank (older waiting jobs aged to
 * it), token refreshes ahead of expiry, push set-ups and reconciliations that are due.
 */
export async function runSyncRound(round: RoundContext, jobId: string, data: SyncRoundData): Promise<void> {
  const { deps, boss } = round;
  if (!(await isFirstRoundOfSlot(boss, jobId, data.slot, QUEUES.round))) {
    deps.log.info({ slot: data.slot }, 'sync round skipped: its slot already had one');
    return;
  }
  const candidates = await listSyncCandidates(deps.db);
  const plan = planSyncRound(candidates, round.planSettings, new Date());
  const pending = await pendingSyncKeys(boss);
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
  round.wake(QUEUES.sync);
  if (refreshes > 0) round.wake(QUEUES.tokenRefresh);
  const now = new Date();
  let pushJobs = 0;
  const pushDue = deps.env.MAIL_PUSH === 'off' ? [] : await listPushDue(deps.db, now);
  for (const mailbox of pushDue) {
    if (await round.sendSingleton(QUEUES.push, mailbox)) pushJobs++;
  }
  let verifyJobs = 0;
  for (const mailbox of await listVerifyDue(deps.db, now)) {
    if (await round.sendSingleton(QUEUES.verify, mailbox, { queuedAt: new Date().toISOString() }))
      verifyJobs++;
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
}

/**
 * One slot of the shared-mailbox poll (decision 028): a sync job per due shared mailbox without live updates, on
 * the same stately queue as the round's (one queued and one running per mailbox across nodes), skipping mailboxes
 * that still have one. Like the round, only the slot's first job runs.
 */
export async function runSharedPoll(
  round: RoundContext,
  sharedPollMs: number,
  jobId: string,
  data: SyncRoundData,
): Promise<void> {
  const { deps, boss } = round;
  if (!(await isFirstRoundOfSlot(boss, jobId, data.slot, QUEUES.sharedPoll))) return;
  const due = planSharedPoll(await listSyncCandidates(deps.db), sharedPollMs, new Date());
  if (due.length === 0) return;
  const pending = await pendingSyncKeys(boss);
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
  if (queued > 0) round.wake(QUEUES.sync);
  deps.log.debug({ slot: data.slot, due: due.length, queued }, 'shared-mailbox poll');
}

/** Mailboxes with a sync job queued or running, on any node. */
async function pendingSyncKeys(boss: PgBoss): Promise<Set<string>> {
  const { rows } = await boss
    .getDb()
    .executeSql(
      `select distinct singleton_key from ${JOBS_SCHEMA}.job where name = $1 and state < 'completed' and singleton_key is not null`,
      [QUEUES.sync],
    );
  return new Set(rows.map((row: { singleton_key: string }) => row.singleton_key));
}

/**
 * Whether this round job is its slot's first. The throttle keys a round by the database's clock at insert, the
 * slot by the asking node's: an insert delayed past a slot boundary (a loaded machine) got a second round for
 * the slot before it, which queued its mailboxes again. The earliest round job of a slot runs; any other skips.
 */
async function isFirstRoundOfSlot(
  boss: PgBoss,
  jobId: string,
  slot: string,
  queue: string,
): Promise<boolean> {
  const { rows } = await boss
    .getDb()
    .executeSql(
      `select id from ${JOBS_SCHEMA}.job where name = $1 and data->>'slot' = $2 order by created_on, id limit 1`,
      [queue, slot],
    );
  const first = (rows as { id: string }[])[0];
  return !first || first.id === jobId;
}
