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
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pgErrorInfo } from '../../db/pg-error';
import { replyTemplates } from '../../db/schema/reply-templates';
import { withUser } from '../../db/with-user';
import { conflict, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';

type TemplateRow = typeof replyTemplates.$inferSelect;

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
      const rows = await withUser(app.db, user.id, (tx) =>
        tx
          .select()
          .from(replyTemplates)
          .where(eq(replyTemplates.userId, user.id))
          .orderBy(asc(sql`lower(${replyTemplates.name})`)),
      );
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
          const [existing] = await tx
            .select({ total: count() })
            .from(replyTemplates)
            .where(eq(replyTemplates.userId, user.id));
          if ((existing?.total ?? 0) >= TEMPLATES_MAX_PER_USER) throw conflict(TEMPLATE_LIMIT_REACHED);
          const [inserted] = await tx
            .insert(replyTemplates)
            .values({ userId: user.id, name: input.name, subject: input.subject, body: input.body })
            .returning();
          return inserted;
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
      const [row] = await withNameCheck(() =>
        withUser(app.db, user.id, (tx) =>
          tx
            .update(replyTemplates)
            .set({ ...patch, updatedAt: new Date() })
            .where(and(eq(replyTemplates.id, id), eq(replyTemplates.userId, user.id)))
            .returning(),
        ),
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
      const deleted = await withUser(app.db, user.id, (tx) =>
        tx
          .delete(replyTemplates)
          .where(and(eq(replyTemplates.id, id), eq(replyTemplates.userId, user.id)))
          .returning({ id: replyTemplates.id }),
      );
      if (deleted.length === 0) throw notFound(TEMPLATE_NOT_FOUND);
      reply.code(204);
    },
  );
}
