import type PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../db/client';
import { HOLDER_LOCK_CLASS } from '../mail/fleet';

/** A job given back this many times for its node's death is failed instead: it may be what kills the nodes. */
const MAX_NODE_DEATHS = 5;

/**
 * Active jobs of the per-mailbox queues whose node is gone (decision 034): the keyed worker stamps each job it
 * takes with its node's holder lock (`output.holderLock`, decision 020's session advisory lock), and a job whose
 * lock is no longer held anywhere in this database was left by a node that died or lost its connection. It goes
 * back to the queue at once (`retry`, due now), or is failed when the mailbox already has a job waiting (that one
 * does the same work, and the stately queue holds one waiting job per state) or it came back too often.
 */
const RECOVER_SQL = `
  with orphaned as (
    select j.id, j.name,
           j.retry_count >= $3 or exists (
             select 1 from ${JOBS_SCHEMA}.job q
              where q.name = j.name and q.state < 'active'
                and coalesce(q.singleton_key, '') = coalesce(j.singleton_key, '')) as is_dropped
      from ${JOBS_SCHEMA}.job j
     where j.name = any($1::text[])
       and j.state = 'active'
       and j.output ? 'holderLock'
       and not exists (
         select 1 from pg_locks l
          where l.locktype = 'advisory' and l.granted and l.objsubid = 2
            and l.database = (select oid from pg_database where datname = current_database())
            and l.classid = $2::int::oid
            and l.objid = (j.output->>'holderLock')::bigint::oid)
     for update of j skip locked
  )
  update ${JOBS_SCHEMA}.job j set
    state = (case when o.is_dropped then 'failed' else 'retry' end)::${JOBS_SCHEMA}.job_state,
    start_after = now(),
    completed_on = case when o.is_dropped then now() end,
    output = jsonb_build_object('message', 'the node running the job stopped')
  from orphaned o
  where j.name = o.name and j.id = o.id
  returning j.name, j.state::text as state`;

export type RecoveredJob = { name: string; state: 'retry' | 'failed' };

/** Gives back to their queues the active jobs of `queues` whose node is gone; answers what it gave back. */
export async function recoverOrphanedJobs(boss: PgBoss, queues: readonly string[]): Promise<RecoveredJob[]> {
  const result = await boss
    .getDb()
    .executeSql(RECOVER_SQL, [[...queues], HOLDER_LOCK_CLASS, MAX_NODE_DEATHS]);
  return result.rows as RecoveredJob[];
}
