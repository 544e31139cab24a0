import { idParamsSchema } from '@ledgerdesk/domain/api/integrations';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { parseInput } from '../../http/parse-input';
import { mailProviderOffers } from '../../mail';
import { toIntegrationDto } from './integration-dto';
import { findResetInfo, listIntegrations, setIntegrationActive } from './integrations-repository';
import { notificationSourceRoutes } from './notification-source-routes';

const INTEGRATION_NOT_FOUND = 'Email integration not found.';

/** /api/integrations (list, providers, disconnect, reactivate, reset info) and /api/notification-sources. */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/integrations', async (request) => {
    const user = requireUser(request, 'view email integrations');
    const rows = await withUser(app.db, user.id, (tx) => listIntegrations(tx, user.id));
    return { integrations: rows.map(toIntegrationDto) };
  });

  // What a first-run screen may offer: which providers can be connected here, and which are the sandbox.
  app.get('/api/integrations/providers', async (request) => {
    requireUser(request, 'view email providers');
    return { providers: mailProviderOffers(app.mail) };
  });

  app.get('/api/integrations/reset-info', async (request) => {
    const user = requireUser(request, 'view reset information');
    const resetInfo = await withUser(app.db, user.id, (tx) => findResetInfo(tx, user.id));
    return { resetInfo };
  });

  for (const [action, isActive] of [
    ['disconnect', false],
    ['reactivate', true],
  ] as const) {
    app.post(`/api/integrations/:id/${action}`, async (request) => {
      const user = requireUser(request, `${action} an email integration`);
      const { id } = parseInput(idParamsSchema, request.params);
      const row = await withUser(app.db, user.id, (tx) =>
        setIntegrationActive(tx, { userId: user.id, integrationId: id, isActive }),
      );
      if (!row) throw notFound(INTEGRATION_NOT_FOUND);
      return { integration: toIntegrationDto(row) };
    });
  }

  await app.register(notificationSourceRoutes);
}
