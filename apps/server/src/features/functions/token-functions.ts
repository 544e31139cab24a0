import { initializeSyncConfigSchema, integrationIdSchema } from '@ledgerdesk/domain/api/functions';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { parseInput } from '../../http/parse-input';
import { initializeSyncConfig, refreshEmailToken } from '../../mail';
import { syncResponse } from './sync-responses';

/** refresh-email-token and initialize-sync-config. */
export function registerTokenFunctions(app: FastifyInstance): void {
  app.post('/api/functions/refresh-email-token', async (request) => {
    const user = requireUser(request, 'refresh an email connection');
    const { integrationId } = parseInput(integrationIdSchema, request.body);
    return refreshEmailToken({ deps: app.mail, userId: user.id }, integrationId);
  });

  app.post('/api/functions/initialize-sync-config', async (request) => {
    const user = requireUser(request, 'initialize email sync');
    const input = parseInput(initializeSyncConfigSchema, request.body);
    const { report, syncFromDate } = await initializeSyncConfig({ deps: app.mail, userId: user.id }, input);
    return { ...syncResponse(report), syncFromDate };
  });
}
