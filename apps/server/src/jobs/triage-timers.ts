import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import type { Clock } from '../time/clock';

/** At most this many rows settle per call; a backlog drains over the following ticks. */
const BATCH_ROWS = 500;

/**
 * Returns every snoozed item whose time has come to the inbox (unread, raised like new mail) through the
 * definer function of migration 0008, which skips rows another node is returning: each item returns once.
 */
export async function returnDueSnoozes(db: Db, now: Date): Promise<number> {
  const result = await db.execute(
    sql`select * from ledgerdesk_return_due_snoozes(${now.toISOString()}::timestamptz, ${BATCH_ROWS})`,
  );
  return rowsOf(result).length;
}

export type ReminderOutcomes = { fired: number; cancelled: number; noThread: number };

/** Settles every due follow-up reminder: fired when nobody replied, else cancelled (migration 0008). */
export async function fireDueReminders(db: Db, now: Date): Promise<ReminderOutcomes> {
  const result = await db.execute(
    sql`select outcome from ledgerdesk_fire_due_reminders(${now.toISOString()}::timestamptz, ${BATCH_ROWS})`,
  );
  const outcomes: ReminderOutcomes = { fired: 0, cancelled: 0, noThread: 0 };
  for (const row of rowsOf<{ outcome: string }>(result)) {
    if (row.outcome === 'fired') outcomes.fired += 1;
    else if (row.outcome === 'cancelled') outcomes.cancelled += 1;
    else outcomes.noThread += 1;
  }
  return outcomes;
}

/** One pass of the triage timers: snoozes, then reminders. */
export async function runTriageTimers(
  db: Db,
  clock: Clock,
): Promise<{ returned: number } & ReminderOutcomes> {
  const now = clock.now();
  const returned = await returnDueSnoozes(db, now);
  return { returned, ...(await fireDueReminders(db, now)) };
}

/** How often the timers run: "on time to the second". */
export const TRIAGE_TIMER_TICK_MS = 1000;

/** One pass of the timers, logged; a failure is logged and the next pass tries again. */
export function triageTimersPass(app: FastifyInstance, clock: Clock): () => Promise<void> {
  return () =>
    runTriageTimers(app.db, clock)
      .then((counts) => {
        if (counts.returned + counts.fired + counts.cancelled + counts.noThread > 0)
          app.log.info(counts, 'triage timers');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'triage timers failed'));
}

/**
 * Runs the triage timers every second on this node until stopped: only when the job engine is off
 * (SYNC_INTERVAL_SECONDS=0); with it on, its one job a second runs them (sync-fleet.ts, decision 009). Any node
 * may run them: the definer functions lock what they settle (FOR UPDATE SKIP LOCKED), so nothing is settled
 * twice, and the state lives in PostgreSQL, so a restart loses nothing.
 */
export function startTriageTimers(app: FastifyInstance, clock: Clock): () => Promise<void> {
  const pass = triageTimersPass(app, clock);
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, TRIAGE_TIMER_TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
