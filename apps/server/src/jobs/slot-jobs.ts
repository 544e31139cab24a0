import type PgBoss from 'pg-boss';
import type { MailLogger } from '../mail/fleet';

/**
 * A job that runs once per slot of `seconds` across all nodes, whichever node asks first (pg-boss's throttle):
 * the sync round, the triage timers' second, the Gmail pull's second. Every node asks a few times a slot, so a
 * slot is never missed between two nodes' clocks; the node whose request made the job wakes its own worker.
 */
export type SlotJob = {
  /** Registers this node's worker (one job at a time) and returns its id. */
  work(
    run: (job: PgBoss.Job<{ slot: string }>) => Promise<unknown>,
    pollingIntervalSeconds?: number,
  ): Promise<void>;
  /** Asks for the current slot's job; a no-op once stopping. */
  request(): Promise<void>;
};

export function slotJob(
  boss: PgBoss,
  input: {
    queue: string;
    seconds: number;
    /** What the log says when asking fails ("requesting the triage timers failed"). */
    what: string;
    log: MailLogger;
    isStopping: () => boolean;
    options?: PgBoss.SendOptions;
  },
): SlotJob {
  const workers: string[] = [];
  return {
    async work(run, pollingIntervalSeconds = 1) {
      workers.push(
        await boss.work<{ slot: string }>(
          input.queue,
          { pollingIntervalSeconds, batchSize: 1 },
          async ([job]) => {
            if (job) await run(job);
          },
        ),
      );
    },
    async request() {
      if (input.isStopping()) return;
      const periodMs = input.seconds * 1000;
      const slot = new Date(Math.floor(Date.now() / periodMs) * periodMs).toISOString();
      try {
        const id = await boss.sendThrottled(input.queue, { slot }, input.options ?? {}, input.seconds);
        if (id) for (const worker of workers) boss.notifyWorker(worker);
      } catch (error) {
        input.log.error({ err: error }, input.what);
      }
    },
  };
}
