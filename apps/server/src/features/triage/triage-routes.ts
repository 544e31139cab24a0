import type { FastifyInstance } from 'fastify';
import { itemUpdateRoutes } from './item-update-routes';
import { scheduleStatisticsRefresh } from './refresh-statistics';
import { threadRoutes } from './thread-routes';
import type { TriageRoutesOptions } from './undo-hook';

/**
 * The triage API (contract: packages/domain/src/api/triage.ts); the counts live in counts-routes.ts. `takeBack` is
 * what Undo also takes back of other features (the rules', passed by app.ts).
 */
export async function triageRoutes(app: FastifyInstance, options: TriageRoutesOptions): Promise<void> {
  await threadRoutes(app);
  await itemUpdateRoutes(app, options.takeBack);
  scheduleStatisticsRefresh(app);
}
