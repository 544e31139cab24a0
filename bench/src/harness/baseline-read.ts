import type { TriageItem } from '@ledgerdesk/domain/entities';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import { notificationSources } from '../../../apps/server/src/db/schema/notification-sources';
import { triageItems } from '../../../apps/server/src/db/schema/triage-items';
import { withUser } from '../../../apps/server/src/db/with-user';

type ItemRow = typeof triageItems.$inferSelect;
type SourceRow = Pick<typeof notificationSources.$inferSelect, 'sourceType' | 'sourceName' | 'priority'>;

/**
 * The original design's one read (spec §7): every triage item of the user, newest first, joined with its
 * notification source — through the same database, connection pool and row-level security as the app.
 */
export async function readAllItems(db: Db, userId: string): Promise<TriageItem[]> {
  const rows = await withUser(db, userId, (tx) =>
    tx
      .select({
        item: triageItems,
        source: {
          sourceType: notificationSources.sourceType,
          sourceName: notificationSources.sourceName,
          priority: notificationSources.priority,
        },
      })
      .from(triageItems)
      .leftJoin(notificationSources, eq(triageItems.notificationSourceId, notificationSources.id))
      .where(eq(triageItems.userId, userId))
      .orderBy(desc(triageItems.time)),
  );
  return rows.map((row) => toTriageItem(row.item, row.source));
}

function toTriageItem(row: ItemRow, source: SourceRow | null): TriageItem {
  return {
    id: row.id,
    userId: row.userId,
    fromAddress: row.fromAddress ?? '',
    subject: row.subject ?? '',
    time: row.time.toISOString(),
    type: row.type as TriageItem['type'],
    isRead: row.isRead,
    avatar: row.avatar,
    status: row.status as TriageItem['status'],
    emailMessageId: row.emailMessageId,
    emailIntegrationId: row.emailIntegrationId,
    emailThreadId: row.emailThreadId,
    notificationType: row.notificationType,
    notificationSourceId: row.notificationSourceId,
    metadata: row.metadata as TriageItem['metadata'],
    previewContent: row.previewContent,
    extractedReferences: row.extractedReferences ? [row.extractedReferences] : null,
    syncPriority: row.syncPriority,
    lastSyncAttemptAt: row.lastSyncAttemptAt?.toISOString() ?? null,
    syncErrorCount: row.syncErrorCount,
    syncErrorMessage: row.syncErrorMessage,
    updatedAt: row.updatedAt.toISOString(),
    notificationSource: source?.sourceType ? source : null,
  };
}
