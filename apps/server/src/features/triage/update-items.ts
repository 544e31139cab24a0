import type {
  BulkUpdateBody,
  BulkUpdateResponse,
  ItemPatch,
  ItemUpdateResponse,
} from '@ledgerdesk/domain/api/triage';
import {
  BULK_PERMISSION_DENIED,
  ITEM_PERMISSION_DENIED,
} from '@ledgerdesk/domain/triage/item-update-messages';
import {
  type ItemUpdatePlan,
  localOnlyNotice,
  planItemUpdate,
} from '@ledgerdesk/domain/triage/plan-item-update';
import type { FastifyInstance } from 'fastify';
import { type Tx, withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import {
  folderAfter,
  folderKeysOf,
  type ItemSnapshot,
  type QueuedChange,
  queueMailboxChanges,
} from '../../mail';
import { loadUpdatableItems, readItems, type StoredItem, type WriteRow, writeItems } from './item-writes';
import { type ActionOrigin, recordAction } from './record-action';

function snapshotOf(item: StoredItem): ItemSnapshot {
  return { id: item.id, status: item.status, isRead: item.isRead, folder: folderKeysOf(item.metadata) };
}

/**
 * The row to write. A move the outbox will push also notes the folder the message is going to (`mail_folder`),
 * as the settled push would: the push then has nothing left to write on the item unless the provider renumbered
 * the message, and a refused move or an Undo puts the stored folder keys back from the action's snapshot.
 */
function writeRowOf(id: string, plan: ItemUpdatePlan): WriteRow {
  const move = plan.mailbox.map(folderAfter).find((folder) => folder !== null) ?? null;
  const metadataPatch = move ? { ...plan.metadataPatch, mail_folder: move } : plan.metadataPatch;
  return { id, ...plan.write, metadataPatch, folderAction: plan.folderAction };
}

/** The mailbox changes a plan implies, in its order, each knowing what to restore if it is refused. */
function mailboxChangesOf(item: StoredItem, plan: ItemUpdatePlan): QueuedChange[] {
  if (!item.emailIntegrationId || !item.emailMessageId) return [];
  const { id: _id, ...previous } = snapshotOf(item);
  return plan.mailbox.map((operation) => ({
    itemId: item.id,
    integrationId: item.emailIntegrationId as string,
    messageId: item.emailMessageId as string,
    operation: operation === 'read' ? (plan.write.isRead ? 'read' : 'unread') : operation,
    previous,
  }));
}

/**
 * More an action does in its transaction, after the items are written (a rule's "Also apply to these now":
 * Snooze, Move to Notifications, the thread-level actions): answers each item's additions to its undo record.
 */
export type AlsoDo = (tx: Tx, items: readonly StoredItem[]) => Promise<Map<string, Partial<ItemSnapshot>>>;

type Applied = {
  updated: Awaited<ReturnType<typeof writeItems>>;
  actionId: string;
  integrations: Set<string>;
};

/**
 * The action in one transaction (decision 010): the items' new state, the action's undo record and the
 * mailbox changes it implies are stored together, or nothing is.
 */
async function applyPlans(
  tx: Tx,
  userId: string,
  entries: readonly { item: StoredItem; plan: ItemUpdatePlan }[],
  origin: ActionOrigin,
  alsoDo?: AlsoDo,
): Promise<Applied> {
  const items = entries.map(({ item }) => item);
  let updated = await writeItems(
    tx,
    userId,
    entries.map(({ item, plan }) => writeRowOf(item.id, plan)),
    items,
  );
  const more = alsoDo ? await alsoDo(tx, items) : new Map<string, Partial<ItemSnapshot>>();
  if (alsoDo) updated = await readItems(tx, userId, items);
  const actionId = await recordAction(
    tx,
    userId,
    items.map((item) => ({ ...snapshotOf(item), ...more.get(item.id) })),
    origin,
  );
  const changes = entries.flatMap(({ item, plan }) => mailboxChangesOf(item, plan));
  await queueMailboxChanges(tx, userId, actionId, changes);
  return { updated, actionId, integrations: new Set(changes.map((change) => change.integrationId)) };
}

/**
 * PATCH one item (spec §4, §7): the new state and its mailbox change are stored at once and the answer
 * follows; the outbox pushes the change right after. An id the user cannot see is a 404 with the spec's
 * permission text.
 */
export async function updateItem(
  app: FastifyInstance,
  userId: string,
  id: string,
  patch: ItemPatch,
  origin: ActionOrigin = {},
): Promise<ItemUpdateResponse> {
  const { plan, applied } = await withUser(app.db, userId, async (tx) => {
    const [item] = await loadUpdatableItems(tx, userId, [id]);
    if (!item) throw new AppError(404, 'not_found', ITEM_PERMISSION_DENIED);
    const itemPlan = planItemUpdate(item, patch);
    return { plan: itemPlan, applied: await applyPlans(tx, userId, [{ item, plan: itemPlan }], origin) };
  });
  app.outbox.kick(userId, applied.integrations);
  const [updated] = applied.updated;
  if (!updated) throw new AppError(404, 'not_found', ITEM_PERMISSION_DENIED);
  return {
    item: updated,
    mailbox: plan.outcome,
    notice: plan.localOnly ? localOnlyNotice(plan.localOnly, 1) : null,
    actionId: applied.actionId,
  };
}

/**
 * Bulk update by id list: every id must be the user's (else 403, nothing written); the items and their
 * mailbox changes are stored in one transaction, and the outbox pushes the changes in batches.
 */
export async function bulkUpdateItems(
  app: FastifyInstance,
  userId: string,
  body: BulkUpdateBody,
  origin: ActionOrigin = {},
  alsoDo?: AlsoDo,
): Promise<BulkUpdateResponse> {
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
  const { entries, applied } = await withUser(app.db, userId, async (tx) => {
    const items = await loadUpdatableItems(tx, userId, ids);
    if (items.length < ids.length) throw new AppError(403, 'permission_denied', BULK_PERMISSION_DENIED);
    const planned = items.map((item) => ({ item, plan: planItemUpdate(item, body.patch) }));
    return { entries: planned, applied: await applyPlans(tx, userId, planned, origin, alsoDo) };
  });
  app.outbox.kick(userId, applied.integrations);
  const localOnly = entries.filter((entry) => entry.plan.localOnly);
  const firstLocalOnly = localOnly[0]?.plan.localOnly;
  return {
    updated: applied.updated.length,
    failed: [],
    items: applied.updated,
    localOnlyIds: localOnly.map((entry) => entry.item.id),
    notice: firstLocalOnly ? localOnlyNotice(firstLocalOnly, localOnly.length) : null,
    actionId: applied.actionId,
  };
}

/**
 * The common case in one transaction: when every id is the user's own row, the bulk update above; else null and
 * nothing written (its 403 comes before any write; the caller sorts the ids by owner: shared mailboxes, or a 403).
 */
export async function bulkUpdateOwnItems(
  app: FastifyInstance,
  userId: string,
  body: BulkUpdateBody,
  origin: ActionOrigin = {},
): Promise<BulkUpdateResponse | null> {
  try {
    return await bulkUpdateItems(app, userId, body, origin);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) return null;
    throw error;
  }
}
