import type { ResetInfo } from '@ledgerdesk/domain/api/integrations';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailIntegrations } from '../../db/schema/email-integrations';
import { mailboxPush } from '../../db/schema/mailbox-push';

/** The user's integrations, newest first (spec §7 email_integrations: read for the user). */
export async function listIntegrations(tx: DbOrTx, userId: string) {
  return tx
    .select()
    .from(emailIntegrations)
    .where(eq(emailIntegrations.userId, userId))
    .orderBy(desc(emailIntegrations.createdAt), desc(emailIntegrations.id));
}

/** One of the user's integrations; null when it does not exist or is someone else's. */
export async function findIntegration(tx: DbOrTx, userId: string, integrationId: string) {
  const [row] = await tx
    .select()
    .from(emailIntegrations)
    .where(and(eq(emailIntegrations.id, integrationId), eq(emailIntegrations.userId, userId)));
  return row ?? null;
}

/** Disconnect (false) or reactivate (true) one of the user's integrations; null when it is not theirs. */
export async function setIntegrationActive(
  tx: DbOrTx,
  options: { userId: string; integrationId: string; isActive: boolean },
) {
  const [row] = await tx
    .update(emailIntegrations)
    .set({ isActive: options.isActive, updatedAt: new Date() })
    .where(and(eq(emailIntegrations.id, options.integrationId), eq(emailIntegrations.userId, options.userId)))
    .returning();
  return row ?? null;
}

/** The latest reset recorded on the user's active integrations (spec §7: reset info), or null. */
export async function findResetInfo(tx: DbOrTx, userId: string): Promise<ResetInfo | null> {
  const rows = await tx
    .select({ metadata: emailIntegrations.metadata })
    .from(emailIntegrations)
    .where(and(eq(emailIntegrations.userId, userId), eq(emailIntegrations.isActive, true)));
  let latest: ResetInfo | null = null;
  for (const { metadata } of rows) {
    const at = metadata?.last_complete_reset_at;
    if (!at || Number.isNaN(Date.parse(at))) continue;
    if (latest && Date.parse(latest.lastCompleteResetAt) >= Date.parse(at)) continue;
    latest = {
      lastCompleteResetAt: new Date(at).toISOString(),
      resetScope: metadata.reset_scope ?? null,
      resetItemsCount: typeof metadata.reset_items_count === 'number' ? metadata.reset_items_count : null,
    };
  }
  return latest;
}

/** The live-updates rows of the user's integrations (decision 021), keyed by integration id. */
export async function listPushRows(tx: DbOrTx, userId: string) {
  const rows = await tx.select().from(mailboxPush).where(eq(mailboxPush.userId, userId));
  return new Map(rows.map((row) => [row.emailIntegrationId, row]));
}
