import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../apps/server/src/db/client';
import { JOBS_SCHEMA } from '../../../apps/server/src/db/client';
import { ownerRows } from './fleet-log';

/** One successful sync run: an integration's last_sync_at changed (epoch ms), on which node. */
export type LoggedSync = { integrationId: string; at: number; node: string | null };
/** A fleet message's triage item: when it was inserted, and its created_at (its transaction's start). */
export type LoggedItem = { subject: string; insertedAt: number; createdAt: number };
/** A pg-boss sync job: the round slot that queued it, and when it ran. */
export type LoggedJob = {
  key: string;
  slot: string;
  state: string;
  startedAt: number | null;
  completedAt: number | null;
  retries: number;
};
export type FleetLog = { syncs: LoggedSync[]; items: LoggedItem[]; jobs: LoggedJob[] };

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** Harness-only reads of the fleet benchmark's logs (fleet-log.ts) and of pg-boss's sync jobs. */
export async function fleetRoutes(app: FastifyInstance, database: Database): Promise<void> {
  app.get<{ Querystring: { prefix: string } }>('/api/bench/fleet/arrived', async (request) => {
    const [row] = await ownerRows<{ n: number | string }>(
      database,
      'select count(*) as n from bench_fleet_items where subject like $1',
      [`${request.query.prefix}%`],
    );
    return { count: Number(row?.n ?? 0) };
  });

  app.get<{ Querystring: { since: string; prefix: string } }>('/api/bench/fleet/log', async (request) => {
    const since = new Date(Number(request.query.since));
    const syncs = await ownerRows<{ id: string; at: Date; node: string | null }>(
      database,
      'select integration_id as id, synced_at as at, node from bench_fleet_syncs where synced_at >= $1',
      [since],
    );
    const items = await ownerRows<{ subject: string; inserted_at: Date; created_at: Date }>(
      database,
      'select subject, inserted_at, created_at from bench_fleet_items where subject like $1',
      [`${request.query.prefix}%`],
    );
    const jobs = await ownerRows<{
      key: string;
      slot: string;
      state: string;
      started_on: Date | null;
      completed_on: Date | null;
      retry_count: number;
    }>(
      database,
      `select singleton_key as key, data->>'slot' as slot, state::text as state, started_on, completed_on,
              retry_count
         from ${JOBS_SCHEMA}.job where name = 'mail-sync' and created_on >= $1`,
      [since],
    ).catch(() => []); // no pg-boss schema: the baseline loop never started the fleet
    const log: FleetLog = {
      syncs: syncs.map((row) => ({ integrationId: row.id, at: ms(row.at) ?? 0, node: row.node || null })),
      items: items.map((row) => ({
        subject: row.subject,
        insertedAt: ms(row.inserted_at) ?? 0,
        createdAt: ms(row.created_at) ?? 0,
      })),
      jobs: jobs.map((row) => ({
        key: row.key,
        slot: row.slot,
        state: row.state,
        startedAt: ms(row.started_on),
        completedAt: ms(row.completed_on),
        retries: Number(row.retry_count),
      })),
    };
    return log;
  });
}
