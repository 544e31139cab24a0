import {
  createNotificationSourceSchema,
  idParamsSchema,
  toggleNotificationSourceSchema,
  updateNotificationSourceSchema,
} from '@ledgerdesk/domain/api/integrations';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { parseInput } from '../../http/parse-input';
import { toSourceDto } from './integration-dto';
import { migrateEmailSources } from './migrate-email-sources';
import {
  createSource,
  deleteSource,
  listSources,
  toggleSource,
  updateSource,
} from './notification-sources-repository';

const SOURCE_NOT_FOUND = 'Notification source not found.';

/** /api/notification-sources: list, create, update, delete, toggle, and the email auto-migration. */
export async function notificationSourceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/notification-sources', async (request) => {
    const user = requireUser(request, 'view notification sources');
    const rows = await withUser(app.db, user.id, (tx) => listSources(tx, user.id));
    return { sources: rows.map(toSourceDto) };
  });

  app.post('/api/notification-sources', async (request, reply) => {
    const user = requireUser(request, 'create a notification source');
    const input = parseInput(createNotificationSourceSchema, request.body);
    const row = await withUser(app.db, user.id, (tx) => createSource(tx, user.id, input));
    return reply.status(201).send({ source: toSourceDto(row) });
  });

  app.post('/api/notification-sources/migrate', async (request) => {
    const user = requireUser(request, 'migrate email integrations');
    const created = await withUser(app.db, user.id, (tx) => migrateEmailSources(tx, user.id));
    return { created };
  });

  app.patch('/api/notification-sources/:id', async (request) => {
    const user = requireUser(request, 'update a notification source');
    const { id } = parseInput(idParamsSchema, request.params);
    const input = parseInput(updateNotificationSourceSchema, request.body);
    const row = await withUser(app.db, user.id, (tx) => updateSource(tx, { userId: user.id, id, input }));
    if (!row) throw notFound(SOURCE_NOT_FOUND);
    return { source: toSourceDto(row) };
  });

  app.post('/api/notification-sources/:id/toggle', async (request) => {
    const user = requireUser(request, 'update a notification source');
    const { id } = parseInput(idParamsSchema, request.params);
    const { syncEnabled } = parseInput(toggleNotificationSourceSchema, request.body);
    const row = await withUser(app.db, user.id, (tx) =>
      toggleSource(tx, { userId: user.id, id, syncEnabled }),
    );
    if (!row) throw notFound(SOURCE_NOT_FOUND);
    return { source: toSourceDto(row) };
  });

  app.delete('/api/notification-sources/:id', async (request) => {
    const user = requireUser(request, 'delete a notification source');
    const { id } = parseInput(idParamsSchema, request.params);
    const isDeleted = await withUser(app.db, user.id, (tx) => deleteSource(tx, { userId: user.id, id }));
    if (!isDeleted) throw notFound(SOURCE_NOT_FOUND);
    return { deleted: true };
  });
}
