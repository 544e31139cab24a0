import {
  TEMPLATE_LIMIT_REACHED,
  TEMPLATE_NAME_TAKEN,
  TEMPLATE_NOT_FOUND,
  TEMPLATES_API,
  TEMPLATES_MAX_PER_USER,
  type TemplateDto,
  templateIdParamsSchema,
  templateInputSchema,
  templatePatchSchema,
} from '@ledgerdesk/domain/api/templates';
import type { FastifyInstance } from 'fastify';
import { pgErrorInfo } from '../../db/pg-error';
import { withUser } from '../../db/with-user';
import { conflict, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import {
  countTemplates,
  deleteTemplate,
  insertTemplate,
  listTemplates,
  type TemplateRow,
  updateTemplate,
} from './template-repository';

function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A unique-name clash (the case-insensitive index of migration 0007) becomes the 409 users can act on. */
async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorInfo(error)?.code === '23505') throw conflict(TEMPLATE_NAME_TAKEN);
    throw error;
  }
}

/** Saved replies of the signed-in user (domain api/templates.ts describes the contract). */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const list = TEMPLATES_API.list;
  const one = '/api/templates/:id';
  defineRoute(
    app,
    {
      method: 'GET',
      path: list,
      summary: 'Saved replies, by name.',
      auth: { action: 'view your templates' },
    },
    async ({ user }) => {
      const rows = await withUser(app.db, user.id, (tx) => listTemplates(tx, user.id));
      return { templates: rows.map(toTemplateDto) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: list,
      summary: 'Save a reply template (names unique per user).',
      auth: { action: 'save a template' },
      body: templateInputSchema,
    },
    async ({ user, reply, body: input }) => {
      const row = await withNameCheck(() =>
        withUser(app.db, user.id, async (tx) => {
          if ((await countTemplates(tx, user.id)) >= TEMPLATES_MAX_PER_USER)
            throw conflict(TEMPLATE_LIMIT_REACHED);
          return insertTemplate(tx, user.id, input);
        }),
      );
      if (!row) throw notFound(TEMPLATE_NOT_FOUND);
      reply.code(201);
      return { template: toTemplateDto(row) };
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: one,
      summary: 'Change a reply template.',
      auth: { action: 'update a template' },
      params: templateIdParamsSchema,
      body: templatePatchSchema,
    },
    async ({ user, params: { id }, body: patch }) => {
      const row = await withNameCheck(() =>
        withUser(app.db, user.id, (tx) => updateTemplate(tx, { userId: user.id, id, patch })),
      );
      if (!row) throw notFound(TEMPLATE_NOT_FOUND);
      return { template: toTemplateDto(row) };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: one,
      summary: 'Delete a reply template.',
      auth: { action: 'delete a template' },
      params: templateIdParamsSchema,
    },
    async ({ user, reply, params: { id } }) => {
      const isDeleted = await withUser(app.db, user.id, (tx) => deleteTemplate(tx, { userId: user.id, id }));
      if (!isDeleted) throw notFound(TEMPLATE_NOT_FOUND);
      reply.code(204);
    },
  );
}
