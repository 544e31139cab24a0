import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { replyTemplates } from '../../db/schema/reply-templates';

/** Saved replies (`reply_templates`, row-level security): every query of the templates feature. */

export type TemplateRow = typeof replyTemplates.$inferSelect;
export type TemplateInput = { name: string; subject: string; body: string };

/** The user's templates, by name (any case). */
export async function listTemplates(tx: DbOrTx, userId: string): Promise<TemplateRow[]> {
  return tx
    .select()
    .from(replyTemplates)
    .where(eq(replyTemplates.userId, userId))
    .orderBy(asc(sql`lower(${replyTemplates.name})`));
}

export async function countTemplates(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(replyTemplates)
    .where(eq(replyTemplates.userId, userId));
  return row?.total ?? 0;
}

/** Saves a template; a name the user already has (any case) fails with the unique index's 23505. */
export async function insertTemplate(
  tx: DbOrTx,
  userId: string,
  input: TemplateInput,
): Promise<TemplateRow | null> {
  const [row] = await tx
    .insert(replyTemplates)
    .values({ userId, name: input.name, subject: input.subject, body: input.body })
    .returning();
  return row ?? null;
}

/** Changes one of the user's templates; null when it is not theirs. */
export async function updateTemplate(
  tx: DbOrTx,
  options: { userId: string; id: string; patch: Partial<TemplateInput> },
): Promise<TemplateRow | null> {
  const [row] = await tx
    .update(replyTemplates)
    .set({ ...options.patch, updatedAt: new Date() })
    .where(and(eq(replyTemplates.id, options.id), eq(replyTemplates.userId, options.userId)))
    .returning();
  return row ?? null;
}

/** Deletes one of the user's templates; false when it is not theirs. */
export async function deleteTemplate(tx: DbOrTx, options: { userId: string; id: string }): Promise<boolean> {
  const deleted = await tx
    .delete(replyTemplates)
    .where(and(eq(replyTemplates.id, options.id), eq(replyTemplates.userId, options.userId)))
    .returning({ id: replyTemplates.id });
  return deleted.length > 0;
}
