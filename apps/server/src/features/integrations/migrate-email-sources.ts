import { migrationSourcesFor } from '@ledgerdesk/domain/integrations/migration';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailIntegrations } from '../../db/schema/email-integrations';
import { notificationSources } from '../../db/schema/notification-sources';

/**
 * The auto-migration of spec §7: one email notification source per active mailbox that has none yet
 * (interval 1, peak 1, off-peak 3, priority 8 office365 / 7 gmail). Runs inside the caller's transaction;
 * a per-user advisory lock makes two concurrent runs create each source once.
 */
export async function migrateEmailSources(tx: DbOrTx, userId: string, now = new Date()): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledgerdesk:migrate-sources:${userId}`}))`);
  const integrations = await tx
    .select({
      id: emailIntegrations.id,
      provider: emailIntegrations.provider,
      emailAddress: emailIntegrations.emailAddress,
      isActive: emailIntegrations.isActive,
    })
    .from(emailIntegrations)
    .where(and(eq(emailIntegrations.userId, userId), eq(emailIntegrations.isActive, true)));
  const existing = await tx
    .select({
      sourceType: notificationSources.sourceType,
      sourceName: notificationSources.sourceName,
      configuration: notificationSources.configuration,
    })
    .from(notificationSources)
    .where(and(eq(notificationSources.userId, userId), eq(notificationSources.sourceType, 'email')));
  const toCreate = migrationSourcesFor(integrations, existing, now);
  if (toCreate.length === 0) return 0;
  await tx.insert(notificationSources).values(toCreate.map((source) => ({ ...source, userId })));
  return toCreate.length;
}
