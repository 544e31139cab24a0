import { eq, sql } from 'drizzle-orm';
import { emailIntegrations, type IntegrationMetadata } from '../../db/schema/email-integrations';
import { type Tx, withUser } from '../../db/with-user';
import type { MailDeps } from './mail-deps';

export type IntegrationRow = typeof emailIntegrations.$inferSelect;
export type IntegrationCtx = { deps: MailDeps; userId: string };
/** The integration a job is about, and its owner (every job runs as the owner, under row-level security). */
export type IntegrationJobData = { integrationId: string; userId: string };

/** The caller's integration, or null when it does not exist or belongs to someone else (RLS hides it). */
export async function findIntegration(
  ctx: IntegrationCtx,
  integrationId: string,
): Promise<IntegrationRow | null> {
  return withUser(ctx.deps.db, ctx.userId, async (tx) => {
    const rows = await tx.select().from(emailIntegrations).where(eq(emailIntegrations.id, integrationId));
    return rows[0] ?? null;
  });
}

/**
 * Merges keys into an integration's metadata without touching the others (a null value stores null, as the
 * spec's cleared delta tokens do).
 */
export async function mergeIntegrationMetadata(
  tx: Tx,
  integrationId: string,
  patch: Partial<IntegrationMetadata>,
): Promise<void> {
  await tx
    .update(emailIntegrations)
    .set({
      metadata: sql`${emailIntegrations.metadata} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(emailIntegrations.id, integrationId));
}

/** Reads one metadata key inside a transaction (fresh, not from a row loaded earlier). */
export async function readIntegrationMetadata(tx: Tx, integrationId: string): Promise<IntegrationMetadata> {
  const rows = await tx
    .select({ metadata: emailIntegrations.metadata })
    .from(emailIntegrations)
    .where(eq(emailIntegrations.id, integrationId));
  return rows[0]?.metadata ?? {};
}
