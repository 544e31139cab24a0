import type { FastifyInstance } from 'fastify';
import { listActiveIntegrations } from './due-integrations';
import { runIntegrationJob } from './integration-job';

/** Integrations worked on at the same time by one process. */
const MAX_CONCURRENT = 3;
/** How long stopping waits for runs in flight (they are crash-safe, so waiting longer buys nothing). */
const STOP_GRACE_MS = 10_000;

/**
 * Starts the scheduler: every SYNC_INTERVAL_SECONDS (default 60; 0 disables) each active integration gets its
 * token refreshed ahead of expiry and, once initialised, a sync. A run still going from the last tick is not
 * started again; other processes are kept out by the integration's sync lock. Returns a stop function.
 */
export function startJobs(app: FastifyInstance): () => Promise<void> {
  const intervalMs = app.env.SYNC_INTERVAL_SECONDS * 1000;
  if (intervalMs <= 0) return async () => {};
  const running = new Map<string, Promise<void>>();
  const lastRefreshAttempt = new Map<string, number>();
  let isStopping = false;
  let isListing = false;

  const tick = async () => {
    if (isStopping || isListing) return;
    isListing = true;
    try {
      for (const due of await listActiveIntegrations(app.db)) {
        if (isStopping || running.size >= MAX_CONCURRENT) break;
        if (running.has(due.id)) continue;
        const run = runIntegrationJob(app, due, lastRefreshAttempt)
          .then((outcome) => app.log.debug({ integrationId: due.id, outcome }, 'scheduled mail job'))
          .catch((error: unknown) =>
            app.log.error({ err: error, integrationId: due.id }, 'scheduled mail job failed'),
          )
          .finally(() => running.delete(due.id));
        running.set(due.id, run);
      }
    } catch (error) {
      app.log.error({ err: error }, 'listing integrations for the scheduler failed');
    } finally {
      isListing = false;
    }
  };

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return async () => {
    isStopping = true;
    clearInterval(timer);
    await Promise.race([
      Promise.allSettled(running.values()),
      new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref()),
    ]);
  };
}
