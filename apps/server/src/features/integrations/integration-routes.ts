import { idParamsSchema } from '@ledgerdesk/domain/api/integrations';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { mailProviderOffers, restartLiveUpdates, stopLiveUpdates } from '../../mail';
import { toIntegrationDto } from './integration-dto';
import {
  findResetInfo,
  listIntegrations,
  listPushRows,
  setIntegrationActive,
} from './integrations-repository';
import { notificationSourceRoutes } from './notification-source-routes';

const INTEGRATION_NOT_FOUND = 'Email integration not found.';

/** /api/integrations (list, providers, disconnect, reactivate, reset info) and /api/notification-sources. */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/integrations',
      summary: "The user's email integrations.",
      auth: { action: 'view email integrations' },
    },
    async ({ user }) => {
      const [rows, push] = await withUser(app.db, user.id, (tx) =>
        Promise.all([listIntegrations(tx, user.id), listPushRows(tx, user.id)]),
      );
      return { integrations: rows.map((row) => toIntegrationDto(row, push.get(row.id))) };
    },
  );

  // What a first-run screen may offer: which providers can be connected here, and which are the sandbox.
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/integrations/providers',
      summary: 'Which providers can be connected here (and which are the sandbox).',
      auth: { action: 'view email providers' },
    },
    async () => {
      return { providers: mailProviderOffers(app.mail) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/integrations/reset-info',
      summary: 'The previous-reset card.',
      auth: { action: 'view reset information' },
    },
    async ({ user }) => {
      const resetInfo = await withUser(app.db, user.id, (tx) => findResetInfo(tx, user.id));
      return { resetInfo };
    },
  );

  for (const [action, isActive, summary] of [
    ['disconnect', false, 'Disconnect a mailbox.'],
    ['reactivate', true, 'Reactivate a mailbox.'],
  ] as const) {
    defineRoute(
      app,
      {
        method: 'POST',
        path: `/api/integrations/:id/${action}`,
        summary,
        auth: { action: `${action} an email integration` },
        params: idParamsSchema,
      },
      async ({ user, params: { id } }) => {
        const mailbox = { userId: user.id, integrationId: id };
        // Live updates (decision 021): removed while the connection still works, set up again on reactivate.
        if (!isActive) await stopLiveUpdates(app.mail, mailbox);
        const row = await withUser(app.db, user.id, (tx) =>
          setIntegrationActive(tx, { userId: user.id, integrationId: id, isActive }),
        );
        if (!row) throw notFound(INTEGRATION_NOT_FOUND);
        if (isActive) {
          await restartLiveUpdates(app.mail, mailbox);
          await app.syncFleet?.queuePush(mailbox);
        }
        const push = await withUser(app.db, user.id, (tx) => listPushRows(tx, user.id));
        return { integration: toIntegrationDto(row, push.get(row.id)) };
      },
    );
  }

  await app.register(notificationSourceRoutes);
}
