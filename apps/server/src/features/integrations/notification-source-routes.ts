import {
  createNotificationSourceSchema,
  idParamsSchema,
  toggleNotificationSourceSchema,
  updateNotificationSourceSchema,
} from '@ledgerdesk/domain/api/integrations';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
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
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/notification-sources',
      summary: 'Notification sources by priority.',
      auth: { action: 'view notification sources' },
    },
    async ({ user }) => {
      const rows = await withUser(app.db, user.id, (tx) => listSources(tx, user.id));
      return { sources: rows.map(toSourceDto) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/notification-sources',
      summary: 'Create a notification source.',
      auth: { action: 'create a notification source' },
      body: createNotificationSourceSchema,
    },
    async ({ user, reply, body: input }) => {
      const row = await withUser(app.db, user.id, (tx) => createSource(tx, user.id, input));
      return reply.status(201).send({ source: toSourceDto(row) });
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/notification-sources/migrate',
      summary: 'Create an email source per active mailbox.',
      auth: { action: 'migrate email integrations' },
    },
    async ({ user }) => {
      const created = await withUser(app.db, user.id, (tx) => migrateEmailSources(tx, user.id));
      return { created };
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/notification-sources/:id',
      summary: 'Update a notification source.',
      auth: { action: 'update a notification source' },
      params: idParamsSchema,
      body: updateNotificationSourceSchema,
    },
    async ({ user, params: { id }, body: input }) => {
      const row = await withUser(app.db, user.id, (tx) => updateSource(tx, { userId: user.id, id, input }));
      if (!row) throw notFound(SOURCE_NOT_FOUND);
      return { source: toSourceDto(row) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/notification-sources/:id/toggle',
      summary: 'Toggle sync_enabled.',
      auth: { action: 'update a notification source' },
      params: idParamsSchema,
      body: toggleNotificationSourceSchema,
    },
    async ({ user, params: { id }, body: { syncEnabled } }) => {
      const row = await withUser(app.db, user.id, (tx) =>
        toggleSource(tx, { userId: user.id, id, syncEnabled }),
      );
      if (!row) throw notFound(SOURCE_NOT_FOUND);
      return { source: toSourceDto(row) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/notification-sources/:id',
      summary: 'Delete a notification source.',
      auth: { action: 'delete a notification source' },
      params: idParamsSchema,
    },
    async ({ user, params: { id } }) => {
      const isDeleted = await withUser(app.db, user.id, (tx) => deleteSource(tx, { userId: user.id, id }));
      if (!isDeleted) throw notFound(SOURCE_NOT_FOUND);
      return { deleted: true };
    },
  );
}
