import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import type { Tx } from '../../db/with-user';
import type { NewMessage } from '../core/filing-hook';
import type { SyncedMessage } from '../core/provider';
import { storableText } from '../core/storable-text';
import {
  folderStateMetadata,
  type RowContext,
  rowHolds,
  type SyncedRow,
  statusForFolder,
  syncedRow,
} from './triage-values';

/** The subject of the item standing in for a message that could not be stored. */
export const UNSTORABLE_SUBJECT = '(This message could not be synced)';

/** A change whose outcome is known: the message as it is now (folder null = gone from the synced folders), or deleted. */
export type ResolvedChange = { kind: 'upsert'; message: SyncedMessage } | { kind: 'delete'; id: string };

export type ApplyCounts = {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Messages that could not be mapped or stored: kept as per-message errors, the page goes on. */
  failed: number;
  /** The first such failure, for the run's warnings. */
  failureMessage: string | null;
};

/** Counts of nothing written yet. */
export function emptyApplyCounts(): ApplyCounts {
  return { inserted: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0, failureMessage: null };
}

type TriageInsert = typeof triageItems.$inferInsert;

type Existing = {
  id: string;
  messageId: string;
  fingerprint: string | null;
  isRead: boolean;
  folder: string | null;
  /** The item has changes queued for the mailbox (decision 010): until they are pushed, the item's state wins. */
  hasPendingChanges: boolean;
  /** A type a rule gave the item (Move to Notifications): later syncs of the message keep it. */
  ruleType: string | null;
};

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
  const counts = emptyApplyCounts();
  const latest = new Map<string, ResolvedChange>();
  for (const change of changes) latest.set(change.kind === 'upsert' ? change.message.id : change.id, change);
  const ids = [...latest.keys()].filter(Boolean);
  if (ids.length === 0) return counts;
  const existing = await loadExisting(tx, context.integrationId, ids);
  const inserts: TriageInsert[] = [];
  const newMessages: NewMessage[] = [];
  const fail = (message: SyncedMessage, error: unknown) => {
    counts.failed++;
    counts.failureMessage ??= messageFailure(message.id, error);
    return messageFailure(message.id, error);
  };
  const removals: string[] = [];
  const seen: string[] = [];
  for (const [id, change] of latest) {
    const row = existing.get(id);
    if (row?.hasPendingChanges) {
      // What the provider reports predates the user's queued change: leave the item until it is pushed.
      counts.unchanged++;
      continue;
    }
    if (change.kind === 'delete' || change.message.folder === null) {
      if (row) removals.push(id);
      continue;
    }
    const folder = change.message.folder;
    let synced: SyncedRow;
    try {
      synced = syncedRow({ ...change.message, folder }, context);
    } catch (error) {
      const reason = fail(change.message, error);
      await markFailed(tx, context, change.message, folder, row, reason);
      continue;
    }
    if (!row) {
      const insert: TriageInsert = {
        userId: context.userId,
        emailIntegrationId: context.integrationId,
        emailMessageId: id,
        notificationSourceId: context.sourceId,
        status: statusForFolder(synced.folder),
        ...synced.columns,
        lastSyncAttemptAt: seenAt,
        metadata: { ...synced.metadata, ...folderStateMetadata(synced.folder) },
      };
      inserts.push(insert);
      newMessages.push({ message: { ...change.message, folder }, row: insert });
    } else if (!rowHolds(row, synced)) {
      try {
        await tx.transaction((savepoint) => updateRow(savepoint, row, synced, seenAt));
        counts.updated++;
      } catch (error) {
        await markFailed(tx, context, change.message, folder, row, fail(change.message, error));
      }
    } else {
      counts.unchanged++;
      if (seenAt) seen.push(row.id);
    }
  }
  const filed = newMessages.length > 0 ? await fileWithHook(tx, context, newMessages) : null;
  if (filed !== null) {
    counts.inserted = filed;
    counts.unchanged += inserts.length - filed;
  } else if (inserts.length > 0) {
    const inserted = await insertRows(tx, inserts)
      .catch(async () => {
        // One row the database refuses fails the page's insert: retry row by row so only that one is lost.
        let count = 0;
        let refused = 0;
        for (const insert of inserts) {
          try {
            count += await insertRows(tx, [insert]);
          } catch (error) {
            const message = latestMessage(latest, insert.emailMessageId ?? '');
            if (!message?.folder) throw error;
            refused++;
            await markFailed(tx, context, message, message.folder, undefined, fail(message, error));
          }
        }
        return { count, refused };
      })
      .then((result) => (typeof result === 'number' ? { count: result, refused: 0 } : result));
    counts.inserted = inserted.count;
    counts.unchanged += inserts.length - inserted.count - inserted.refused;
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

/**
 * Inserts the page's new rows as the filing hook (rules) prepared them, and lets it record what it did, all in one
 * savepoint; answers how many rows were new. A hook that fails, or a row the database refuses, rolls all of it
 * back and answers null: the rows are then inserted as the sync maps them, so filing never blocks a sync.
 */
async function fileWithHook(tx: Tx, context: RowContext, messages: NewMessage[]): Promise<number | null> {
  const hook = context.filing;
  if (!hook) return null;
  const mailbox = { userId: context.userId, integrationId: context.integrationId };
  try {
    return await tx.transaction(async (savepoint) => {
      const prepared = await hook.prepare(savepoint, mailbox, messages);
      if (!prepared) return null;
      const inserted = await savepoint
        .insert(triageItems)
        .values(prepared.rows)
        .onConflictDoNothing()
        .returning({ id: triageItems.id, messageId: triageItems.emailMessageId });
      await prepared.finish(inserted.map((row) => ({ id: row.id, messageId: row.messageId ?? '' })));
      return inserted.length;
    });
  } catch (error) {
    hook.reportFailure(error, mailbox);
    return null;
  }
}

/** Inserts rows in a savepoint (a refused row leaves the page's transaction usable); answers how many were new. */
async function insertRows(tx: Tx, rows: TriageInsert[]): Promise<number> {
  return tx.transaction(async (savepoint) => {
    const inserted = await savepoint
      .insert(triageItems)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: triageItems.id });
    return inserted.length;
  });
}

function latestMessage(latest: Map<string, ResolvedChange>, id: string): SyncedMessage | undefined {
  const change = latest.get(id);
  return change?.kind === 'upsert' ? change.message : undefined;
}

/** The per-message error text: what the database or the mapping said, never the SQL or its parameters. */
function messageFailure(messageId: string, error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return storableText(`Message ${messageId} could not be stored: ${detail}`).slice(0, 500);
}

/**
 * Records a message that could not be stored as a per-message error: its existing item gets
 * sync_error_count + 1 and the reason; a new one becomes a placeholder item carrying the error (its
 * fingerprint matches nothing, so every later sync tries the message again and repairs the item).
 */
async function markFailed(
  tx: Tx,
  context: RowContext,
  message: SyncedMessage,
  folder: SyncFolder,
  row: Existing | undefined,
  reason: string,
): Promise<void> {
  if (row) {
    await tx
      .update(triageItems)
      .set({
        syncErrorCount: sql`${triageItems.syncErrorCount} + 1`,
        syncErrorMessage: reason,
        updatedAt: new Date(),
      })
      .where(eq(triageItems.id, row.id));
    return;
  }
  const receivedAt = new Date(message.receivedAt);
  await tx
    .insert(triageItems)
    .values({
      userId: context.userId,
      emailIntegrationId: context.integrationId,
      emailMessageId: message.id,
      notificationSourceId: context.sourceId,
      status: statusForFolder(folder),
      fromAddress: storableText(message.from?.address ?? ''),
      subject: UNSTORABLE_SUBJECT,
      time: Number.isNaN(receivedAt.getTime()) ? new Date() : receivedAt,
      previewContent: reason.slice(0, 100),
      syncErrorCount: 1,
      syncErrorMessage: reason,
      metadata: { mail_folder: folder, sync_fingerprint: 'unstorable', ...folderStateMetadata(folder) },
    })
    .onConflictDoNothing();
}

async function loadExisting(tx: Tx, integrationId: string, ids: string[]): Promise<Map<string, Existing>> {
  const rows = await tx
    .select({
      id: triageItems.id,
      messageId: triageItems.emailMessageId,
      fingerprint: sql<string | null>`${triageItems.metadata}->>'sync_fingerprint'`,
      isRead: triageItems.isRead,
      folder: sql<string | null>`${triageItems.metadata}->>'mail_folder'`,
      hasPendingChanges: sql<boolean>`exists (select 1 from mailbox_changes c
        where c.triage_item_id = "triage_items"."id" and c.state in ('pending', 'pushing'))`,
      ruleType: sql<string | null>`${triageItems.metadata}->>'rule_type'`,
    })
    .from(triageItems)
    .where(and(eq(triageItems.emailIntegrationId, integrationId), inArray(triageItems.emailMessageId, ids)));
  return new Map(rows.map((row) => [row.messageId ?? '', row as Existing]));
}

async function updateRow(tx: Tx, row: Existing, synced: SyncedRow, seenAt: Date | null) {
  const hasMoved = row.folder !== synced.folder;
  // A move in the mailbox (e.g. archived in Outlook) moves the item; otherwise the user's triage status stays.
  const metadata = hasMoved
    ? sql`(${triageItems.metadata} - 'exchange_folder_state') || ${JSON.stringify({ ...synced.metadata, ...folderStateMetadata(synced.folder) })}::jsonb`
    : sql`${triageItems.metadata} || ${JSON.stringify(synced.metadata)}::jsonb`;
  const columns =
    row.ruleType === 'notification' && synced.columns.type
      ? { ...synced.columns, type: 'notification' as const }
      : synced.columns;
  await tx
    .update(triageItems)
    .set({
      ...columns,
      metadata,
      ...(hasMoved ? { status: statusForFolder(synced.folder as SyncFolder) } : {}),
      ...(seenAt ? { lastSyncAttemptAt: seenAt } : {}),
      syncErrorCount: 0,
      syncErrorMessage: null,
      updatedAt: new Date(),
    })
    .where(eq(triageItems.id, row.id));
}
