import { and, eq, inArray, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import type { Tx } from '../../db/with-user';
import type { SyncedMessage } from '../provider';
import type { SyncFolder } from './sync-report';
import { folderStateMetadata, type RowContext, statusForFolder, syncedRow } from './triage-values';

/** A change whose outcome is known: the message as it is now (folder null = gone from the synced folders), or deleted. */
export type ResolvedChange = { kind: 'upsert'; message: SyncedMessage } | { kind: 'delete'; id: string };

export type ApplyCounts = { inserted: number; updated: number; unchanged: number; deleted: number };

type Existing = { id: string; messageId: string; fingerprint: string | null; folder: string | null };

/**
 * Writes one page of changes idempotently, keyed by (integration, provider message id): new messages are
 * inserted, changed ones updated (their status follows a folder move), unchanged ones counted, and messages
 * no longer in a synced folder deleted. With `seenAt` every listed row is stamped, for the reconcile sweep.
 */
export async function applyChanges(
  tx: Tx,
  context: RowContext,
  changes: readonly ResolvedChange[],
  seenAt: Date | null,
): Promise<ApplyCounts> {
  const counts: ApplyCounts = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
  const latest = new Map<string, ResolvedChange>();
  for (const change of changes) latest.set(change.kind === 'upsert' ? change.message.id : change.id, change);
  const ids = [...latest.keys()].filter(Boolean);
  if (ids.length === 0) return counts;
  const existing = await loadExisting(tx, context.integrationId, ids);
  const inserts: (typeof triageItems.$inferInsert)[] = [];
  const removals: string[] = [];
  const seen: string[] = [];
  for (const [id, change] of latest) {
    const row = existing.get(id);
    if (change.kind === 'delete' || change.message.folder === null) {
      if (row) removals.push(id);
      continue;
    }
    const synced = syncedRow({ ...change.message, folder: change.message.folder }, context);
    if (!row) {
      inserts.push({
        userId: context.userId,
        emailIntegrationId: context.integrationId,
        emailMessageId: id,
        notificationSourceId: context.sourceId,
        status: statusForFolder(synced.folder),
        ...synced.columns,
        lastSyncAttemptAt: seenAt,
        metadata: { ...synced.metadata, ...folderStateMetadata(synced.folder) },
      });
    } else if (row.fingerprint !== synced.fingerprint) {
      await updateRow(tx, row, synced, seenAt);
      counts.updated++;
    } else {
      counts.unchanged++;
      if (seenAt) seen.push(row.id);
    }
  }
  if (inserts.length > 0) {
    const inserted = await tx
      .insert(triageItems)
      .values(inserts)
      .onConflictDoNothing()
      .returning({ id: triageItems.id });
    counts.inserted = inserted.length;
    counts.unchanged += inserts.length - inserted.length;
  }
  if (removals.length > 0) {
    const deleted = await tx
      .delete(triageItems)
      .where(
        and(
          eq(triageItems.emailIntegrationId, context.integrationId),
          inArray(triageItems.emailMessageId, removals),
        ),
      )
      .returning({ id: triageItems.id });
    counts.deleted = deleted.length;
  }
  if (seen.length > 0) {
    await tx.update(triageItems).set({ lastSyncAttemptAt: seenAt }).where(inArray(triageItems.id, seen));
  }
  return counts;
}

async function loadExisting(tx: Tx, integrationId: string, ids: string[]): Promise<Map<string, Existing>> {
  const rows = await tx
    .select({
      id: triageItems.id,
      messageId: triageItems.emailMessageId,
      fingerprint: sql<string | null>`${triageItems.metadata}->>'sync_fingerprint'`,
      folder: sql<string | null>`${triageItems.metadata}->>'mail_folder'`,
    })
    .from(triageItems)
    .where(and(eq(triageItems.emailIntegrationId, integrationId), inArray(triageItems.emailMessageId, ids)));
  return new Map(rows.map((row) => [row.messageId ?? '', row as Existing]));
}

async function updateRow(tx: Tx, row: Existing, synced: ReturnType<typeof syncedRow>, seenAt: Date | null) {
  const hasMoved = row.folder !== synced.folder;
  // A move in the mailbox (e.g. archived in Outlook) moves the item; otherwise the user's triage status stays.
  const metadata = hasMoved
    ? sql`(${triageItems.metadata} - 'exchange_folder_state') || ${JSON.stringify({ ...synced.metadata, ...folderStateMetadata(synced.folder) })}::jsonb`
    : sql`${triageItems.metadata} || ${JSON.stringify(synced.metadata)}::jsonb`;
  await tx
    .update(triageItems)
    .set({
      ...synced.columns,
      metadata,
      ...(hasMoved ? { status: statusForFolder(synced.folder as SyncFolder) } : {}),
      ...(seenAt ? { lastSyncAttemptAt: seenAt } : {}),
      updatedAt: new Date(),
    })
    .where(eq(triageItems.id, row.id));
}
