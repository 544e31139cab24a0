import { initializeSyncConfigSchema, integrationIdSchema } from '@ledgerdesk/domain/api/functions';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { initializeSyncConfig, refreshEmailToken } from '../../mail';
import { syncResponse } from './sync-responses';

/** refresh-email-token and initialize-sync-config. */
export function registerTokenFunctions(app: FastifyInstance): void {
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/functions/refresh-email-token',
      summary: 'Refresh a mailbox token.',
      auth: { action: 'refresh an email connection' },
      body: integrationIdSchema,
    },
    async ({ user, body: { integrationId } }) => {
      return refreshEmailToken({ deps: app.mail, userId: user.id }, integrationId);
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/functions/initialize-sync-config',
      summary: 'Set the sync start date and sync.',
      auth: { action: 'initialize email sync' },
      body: initializeSyncConfigSchema,
    },
    async ({ user, body: input }) => {
      const { report, syncFromDate } = await initializeSyncConfig({ deps: app.mail, userId: user.id }, input);
      return { ...syncResponse(report), syncFromDate };
    },
  );
}
