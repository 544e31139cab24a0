import { findIntegration, type IntegrationCtx, type IntegrationRow } from '../core/integration-store';
import { withSyncLock } from './sync-lock';

/** Loads the integration a run is about; null (or a thrown error) refuses the run. */
export type LoadIntegration = (ctx: IntegrationCtx, integrationId: string) => Promise<IntegrationRow | null>;

export type LockedRun<T> = { status: 'refused' } | { status: 'busy' } | { status: 'ran'; value: T };

/**
 * The one sequence of every sync and reset: load the integration (refusing early, before waiting for a lock),
 * take its sync lock (another run of it on any node holds it for at most `waitMs`), load it again under the
 * lock — a reset, disconnect or refused token may have changed it meanwhile — and run on that fresh row.
 */
export async function runUnderSyncLock<T>(
  ctx: IntegrationCtx,
  integrationId: string,
  options: { waitMs: number; load: LoadIntegration },
  run: (integration: IntegrationRow) => Promise<T>,
): Promise<LockedRun<T>> {
  if (!(await options.load(ctx, integrationId))) return { status: 'refused' };
  const outcome = await withSyncLock(ctx.deps, integrationId, { waitMs: options.waitMs }, async () => {
    const current = await options.load(ctx, integrationId);
    return current ? { value: await run(current) } : null;
  });
  return outcome ? { status: 'ran', value: outcome.value } : { status: 'busy' };
}

/** An integration the fleet may sync on its own: active, connected, and synced once by its owner. */
export async function loadScheduledIntegration(
  ctx: IntegrationCtx,
  integrationId: string,
): Promise<IntegrationRow | null> {
  const integration = await findIntegration(ctx, integrationId);
  return integration?.isActive && !integration.needsReconnect && integration.lastSyncAt ? integration : null;
}
