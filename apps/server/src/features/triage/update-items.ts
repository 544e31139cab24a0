import type {
  BulkUpdateBody,
  BulkUpdateFailure,
  BulkUpdateResponse,
  ItemPatch,
  ItemUpdateResponse,
} from '@ledgerdesk/domain/api/triage';
import {
  BULK_PERMISSION_DENIED,
  ITEM_PERMISSION_DENIED,
  ITEM_UPDATE_FALLBACK,
} from '@ledgerdesk/domain/triage/item-update-messages';
import {
  type ItemUpdatePlan,
  localOnlyNotice,
  planItemUpdate,
} from '@ledgerdesk/domain/triage/plan-item-update';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { loadUpdatableItems, type StoredItem, type WriteRow, writeItems } from './item-writes';
import { runMailboxOperations } from './mailbox-operations';
import { runBounded } from './run-bounded';

/** Mailbox calls of one bulk update that may run at once. */
export const BULK_MAILBOX_CONCURRENCY = 6;

class Rollback extends Error {}

/**
 * Tries the writes and rolls them back, so that a value the database refuses (a check constraint) is
 * reported before the mailbox is touched rather than after it was changed.
 */
async function preflight(app: FastifyInstance, userId: string, rows: WriteRow[]): Promise<void> {
  try {
    await withUser(app.db, userId, async (tx) => {
      await writeItems(tx, userId, rows);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

function writeRowOf(id: string, plan: ItemUpdatePlan): WriteRow {
  return { id, ...plan.write, metadataPatch: plan.metadataPatch, folderAction: plan.folderAction };
}

/**
 * PATCH one item (spec §4, §7): the mailbox first, then the database, so a refused archive changes nothing.
 * An id the user cannot see is a 404 with the spec's permission text.
 */
export async function updateItem(
  app: FastifyInstance,
  userId: string,
  id: string,
  patch: ItemPatch,
): Promise<ItemUpdateResponse> {
  const [item] = await withUser(app.db, userId, (tx) => loadUpdatableItems(tx, userId, [id]));
  if (!item) throw new AppError(404, 'not_found', ITEM_PERMISSION_DENIED);
  const plan = planItemUpdate(item, patch);
  const row = writeRowOf(item.id, plan);
  if (plan.mailbox.length > 0) {
    await preflight(app, userId, [row]);
    const { newMessageId } = await runMailboxOperations({ deps: app.mail, userId }, item, plan);
    if (newMessageId) row.emailMessageId = newMessageId;
  }
  const [updated] = await withUser(app.db, userId, (tx) => writeItems(tx, userId, [row]));
  if (!updated) throw new AppError(404, 'not_found', ITEM_PERMISSION_DENIED);
  return {
    item: updated,
    mailbox: plan.outcome,
    notice: plan.localOnly ? localOnlyNotice(plan.localOnly, 1) : null,
  };
}

type BulkEntry = { item: StoredItem; plan: ItemUpdatePlan; row: WriteRow; failure?: BulkUpdateFailure };

/**
 * Bulk update by id list: every id must be the user's (else 403, nothing written); mailbox calls run a few at
 * a time; items whose mailbox call failed stay unchanged and are listed; the rest are written together.
 */
export async function bulkUpdateItems(
  app: FastifyInstance,
  userId: string,
  body: BulkUpdateBody,
): Promise<BulkUpdateResponse> {
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
  const items = await withUser(app.db, userId, (tx) => loadUpdatableItems(tx, userId, ids));
  if (items.length < ids.length) throw new AppError(403, 'permission_denied', BULK_PERMISSION_DENIED);
  const entries: BulkEntry[] = items.map((item) => {
    const plan = planItemUpdate(item, body.patch);
    return { item, plan, row: writeRowOf(item.id, plan) };
  });
  const needingMailbox = entries.filter((entry) => entry.plan.mailbox.length > 0);
  if (needingMailbox.length > 0) {
    await preflight(
      app,
      userId,
      entries.map((entry) => entry.row),
    );
    await runBounded(needingMailbox, BULK_MAILBOX_CONCURRENCY, async (entry) => {
      try {
        const { newMessageId } = await runMailboxOperations(
          { deps: app.mail, userId },
          entry.item,
          entry.plan,
        );
        if (newMessageId) entry.row.emailMessageId = newMessageId;
      } catch (error) {
        const appError = error instanceof AppError ? error : null;
        entry.failure = {
          id: entry.item.id,
          code: String(appError?.code ?? 'provider_error'),
          message: appError?.message ?? ITEM_UPDATE_FALLBACK,
        };
      }
    });
  }
  const succeeded = entries.filter((entry) => !entry.failure);
  const updated = await withUser(app.db, userId, (tx) =>
    writeItems(
      tx,
      userId,
      succeeded.map((entry) => entry.row),
    ),
  );
  const localOnly = succeeded.filter((entry) => entry.plan.localOnly);
  const firstLocalOnly = localOnly[0]?.plan.localOnly;
  return {
    updated: updated.length,
    failed: entries.flatMap((entry) => (entry.failure ? [entry.failure] : [])),
    items: updated,
    localOnlyIds: localOnly.map((entry) => entry.item.id),
    notice: firstLocalOnly ? localOnlyNotice(firstLocalOnly, localOnly.length) : null,
  };
}
