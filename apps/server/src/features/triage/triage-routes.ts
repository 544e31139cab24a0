import type { FastifyInstance } from 'fastify';
import { itemUpdateRoutes } from './item-update-routes';
import { scheduleStatisticsRefresh } from './refresh-statistics';
import { threadRoutes } from './thread-routes';

/** The triage API (contract: packages/domain/src/api/triage.ts); the counts live in counts-routes.ts. */
export async function triageRoutes(app: FastifyInstance): Promise<void> {
  await threadRoutes(app);
  await itemUpdateRoutes(app);
  scheduleStatisticsRefresh(app);
}
