import type PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../db/client';

/** A job as the keyed worker hands it over. */
export type KeyedJob<T> = { id: string; data: T };

export type KeyedWorker = {
  /** Looks for work now (a job was just queued on this node, or a round ended). */
  wake(): void;
  /** Stops fetching, waits up to `graceMs` for the jobs in flight, and gives the rest back to the queue. */
  stop(graceMs: number): Promise<void>;
};

export type KeyedWorkerOptions<T> = {
  queue: string;
  /** Jobs this node runs at once from this queue. */
  concurrency: number;
  /** How long an idle worker waits before looking again, unless woken. */
  idlePollMs: number;
  run: (job: KeyedJob<T>) => Promise<unknown>;
  onError: (error: unknown, message: string) => void;
  /**
   * This node's holder lock (decision 034), stamped on every job it takes so that another node can tell when it
   * is gone; null while the node holds none (its lock connection is down): it then takes no job.
   */
  holderLock?: () => Promise<number | null>;
};

/** After a fetch lost a race for a mailbox (another node activated its other job first): look again soon. */
const RACE_RETRY_MS = 25;
const UNIQUE_VIOLATION = '23505';

/**
 * pg-boss 10's fetch for a stately queue with one job of a mailbox active and another one waiting: it takes the
 * queue's head job, and when that is the waiting one its UPDATE to `active` breaks the queue's unique index and
 * the fetch answers nothing — for every worker on every node, until the active job ends (pg-boss #535, fixed only
 * in 11, which needs Node 22). So one notified mailbox whose sync was running held up the whole queue for a
 * polling interval or more (the 1,000-mailbox push bench: p95 5.5 s on one node, 8.5 s on two). This is the same
 * statement with one more condition: a job whose key has a job active is passed over, so the next mailbox runs.
 */
const FETCH_SQL = `
  with next as (
    select id from ${JOBS_SCHEMA}.job j
     where j.name = $1
       and j.state < 'active'
       and j.start_after < now()
       and not exists (
         select 1 from ${JOBS_SCHEMA}.job a
          where a.name = $1 and a.state = 'active' and a.policy = 'stately'
            and coalesce(a.singleton_key, '') = coalesce(j.singleton_key, ''))
     order by j.priority desc, j.created_on, j.id
     limit 1
     for update skip locked
  )
  update ${JOBS_SCHEMA}.job j set
    state = 'active',
    started_on = now(),
    retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end,
    output = case when $2::int is null then j.output else jsonb_build_object('holderLock', $2::int) end
  from next
  where j.name = $1 and j.id = next.id
  returning j.id, j.data, extract(epoch from j.expire_in) as "expireInSeconds"`;

type FetchedRow = { id: string; data: unknown; expireInSeconds: number | string };

/**
 * Works one of the per-mailbox (stately) queues: up to `concurrency` jobs at once on this node, fetched one at a
 * time and back to back while there is work, completed or failed through pg-boss (so its retries, expiry and
 * archive apply as before). A job running past its expiry is failed, as pg-boss's own worker does.
 */
export function startKeyedWorker<T>(boss: PgBoss, options: KeyedWorkerOptions<T>): KeyedWorker {
  const inFlight = new Map<string, Promise<void>>();
  /**
   * Jobs failed back to the queue by stop() while their run went on: pg-boss keeps a job's id through its retry,
   * so a late complete or fail of ours could end another node's run of it. Their runs end without a word.
   */
  const givenBack = new Set<string>();
  let isStopping = false;
  let isWoken = false;
  let wakeUp: (() => void) | null = null;

  const wake = () => {
    isWoken = true;
    wakeUp?.();
  };

  /** Waits until woken or `ms` passed; a wake that came while the loop was busy counts. */
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      if (isWoken || isStopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const fetchOne = async (): Promise<{ id: string; data: T; expireMs: number } | 'raced' | null> => {
    const holderLock = options.holderLock ? await options.holderLock() : null;
    if (options.holderLock && holderLock === null) return null;
    try {
      const result = await boss.getDb().executeSql(FETCH_SQL, [options.queue, holderLock]);
      const row = (result.rows as FetchedRow[])[0];
      if (!row) return null;
      return { id: row.id, data: row.data as T, expireMs: Number(row.expireInSeconds) * 1000 };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'raced';
      throw error;
    }
  };

  const runOne = async (job: { id: string; data: T; expireMs: number }) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('job timed out')), job.expireMs);
      timer.unref();
    });
    let failure: Error | null = null;
    try {
      await Promise.race([options.run({ id: job.id, data: job.data }), expired]);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    } finally {
      clearTimeout(timer);
    }
    if (givenBack.has(job.id)) return;
    // A completion that fails to be written leaves the job active until its expiry (as pg-boss's own worker
    // does): the work is not failed for it.
    if (!failure) {
      await boss
        .complete(options.queue, job.id)
        .catch((error: unknown) => options.onError(error, 'completing a job failed'));
      return;
    }
    await boss
      .fail(options.queue, job.id, failure)
      .catch((error: unknown) => options.onError(error, 'failing a job failed'));
  };

  const loop = (async () => {
    while (!isStopping) {
      isWoken = false;
      if (inFlight.size >= options.concurrency) {
        await rest(options.idlePollMs);
        continue;
      }
      let job: Awaited<ReturnType<typeof fetchOne>>;
      try {
        job = await fetchOne();
      } catch (error) {
        options.onError(error, 'fetching a job failed');
        await rest(options.idlePollMs);
        continue;
      }
      if (job === 'raced') {
        await new Promise((resolve) => setTimeout(resolve, RACE_RETRY_MS));
        continue;
      }
      if (!job) {
        await rest(options.idlePollMs);
        continue;
      }
      const { id } = job;
      const work = runOne(job)
        .catch((error: unknown) => options.onError(error, 'a job run failed unexpectedly'))
        .finally(() => {
          inFlight.delete(id);
          wake();
        });
      inFlight.set(id, work);
    }
  })();

  return {
    wake,
    async stop(graceMs) {
      isStopping = true;
      wakeUp?.();
      await loop;
      const left = [...inFlight.keys()];
      if (left.length === 0) return;
      const settled = Promise.allSettled([...inFlight.values()]).then(() => true);
      const isDone = await Promise.race([
        settled,
        new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (isDone) return;
      // Failed back to the queue rather than left active until their expiry, as pg-boss's own stop does: a sync
      // is retried after its queue's backoff (by any node), a set-up or reconciliation is queued again by a later
      // round.
      const stillRunning = left.filter((id) => inFlight.has(id));
      for (const id of stillRunning) givenBack.add(id);
      if (stillRunning.length > 0) {
        const reason = new Error('the node stopped while the job was active');
        await Promise.all(
          stillRunning.map((id) =>
            boss
              .fail(options.queue, id, reason)
              .catch((error: unknown) => options.onError(error, 'giving a job back failed')),
          ),
        );
      }
    },
  };
}
