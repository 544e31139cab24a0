import type {
  CreateNotificationSourceInput,
  UpdateNotificationSourceInput,
} from '@ledgerdesk/domain/api/integrations';
import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationSources } from '../../db/schema/notification-sources';

const ownedBy = (userId: string, id: string) =>
  and(eq(notificationSources.id, id), eq(notificationSources.userId, userId));

/** The user's sources, highest priority first (spec §7 notification_sources: read by priority descending). */
export async function listSources(tx: DbOrTx, userId: string) {
  return tx
    .select()
    .from(notificationSources)
    .where(eq(notificationSources.userId, userId))
    .orderBy(desc(notificationSources.priority), notificationSources.sourceName, notificationSources.id);
}

export async function createSource(tx: DbOrTx, userId: string, input: CreateNotificationSourceInput) {
  const [row] = await tx
    .insert(notificationSources)
    .values({ ...input, userId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates one of the user's sources; null when it is not theirs. */
export async function updateSource(
  tx: DbOrTx,
  options: { userId: string; id: string; input: UpdateNotificationSourceInput },
) {
  const [row] = await tx
    .update(notificationSources)
    .set({ ...options.input, updatedAt: new Date() })
    .where(ownedBy(options.userId, options.id))
    .returning();
  return row ?? null;
}

/** Sets sync_enabled (or flips it when `syncEnabled` is undefined); null when the source is not theirs. */
export async function toggleSource(
  tx: DbOrTx,
  options: { userId: string; id: string; syncEnabled: boolean | undefined },
) {
  const [row] = await tx
    .update(notificationSources)
    .set({
      syncEnabled: options.syncEnabled ?? not(notificationSources.syncEnabled),
      updatedAt: sql`now()`,
    })
    .where(ownedBy(options.userId, options.id))
    .returning();
  return row ?? null;
}

/** Deletes one of the user's sources; false when it is not theirs. */
export async function deleteSource(tx: DbOrTx, options: { userId: string; id: string }): Promise<boolean> {
  const rows = await tx
    .delete(notificationSources)
    .where(ownedBy(options.userId, options.id))
    .returning({ id: notificationSources.id });
  return rows.length > 0;
}
