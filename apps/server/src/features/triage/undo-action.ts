import type { UndoActionResponse } from '@ledgerdesk/domain/api/triage';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import {
  folderKeysOf,
  type ItemSnapshot,
  type MailboxChangeOperation,
  type QueuedChange,
  queueMailboxChanges,
} from '../../mail';
import { itemOwnership } from '../firms/shared-scope';
import { type ItemRow, itemColumns, sourceJoin, toItemDto } from './item-row';
import type { StoredItem } from './item-writes';
import { loadUpdatableItems } from './item-writes';

/** How long after an action the server still takes it back (the web's Undo button shows for seconds). */
export const UNDO_LIMIT_MS = 10 * 60_000;

export const ACTION_NOT_FOUND = 'This action was not found.';
export const ACTION_ALREADY_UNDONE = 'This action has already been undone.';
export const ACTION_TOO_OLD = 'This action can no longer be undone.';

const REVERSE: Record<MailboxChangeOperation, MailboxChangeOperation> = {
  archive: 'unarchive',
  unarchive: 'archive',
  read: 'unread',
  unread: 'read',
};

type ReachedChange = {
  triage_item_id: string | null;
  email_integration_id: string;
  message_id: string;
  operation: MailboxChangeOperation;
};

function snapshotOf(item: StoredItem): Omit<ItemSnapshot, 'id'> {
  return { status: item.status, isRead: item.isRead, folder: folderKeysOf(item.metadata) };
}

/**
 * Takes an action back (issue 12): its changes still queued never reach the mailbox; those already pushed (or
 * being pushed) are reversed through the outbox, after them; the items return to what they were before.
 * All in one transaction; another user's action id is a 404.
 */
export async function undoAction(
  app: FastifyInstance,
  userId: string,
  actionId: string,
  now: Date,
): Promise<UndoActionResponse> {
  const { items, integrations } = await withUser(app.db, userId, async (tx) => {
    const [action] = rowsOf<{ previous: ItemSnapshot[]; created_at: string | Date; undone_at: unknown }>(
      await tx.execute(sql`
        select previous, created_at, undone_at from triage_actions where id = ${actionId} for update`),
    );
    if (!action) throw new AppError(404, 'not_found', ACTION_NOT_FOUND);
    if (action.undone_at) throw new AppError(409, 'already_undone', ACTION_ALREADY_UNDONE);
    if (now.getTime() - new Date(action.created_at).getTime() > UNDO_LIMIT_MS)
      throw new AppError(409, 'too_old', ACTION_TOO_OLD);
    await tx.execute(sql`
      update mailbox_changes set state = 'cancelled', settled_at = now()
      where action_id = ${actionId} and state = 'pending'`);
    const reached = rowsOf<ReachedChange>(
      await tx.execute(sql`
        select c.triage_item_id, c.email_integration_id, coalesce(t.email_message_id, c.email_message_id) as message_id,
          c.operation
        from mailbox_changes c left join triage_items t on t.id = c.triage_item_id
        where c.action_id = ${actionId} and c.state in ('pushing', 'done')
        order by c.id desc`),
    );
    const current = new Map(
      (
        await loadUpdatableItems(
          tx,
          userId,
          action.previous.map((item) => item.id),
        )
      ).map((item) => [item.id, item]),
    );
    const reverses: QueuedChange[] = reached.map((change) => {
      const item = change.triage_item_id ? current.get(change.triage_item_id) : undefined;
      return {
        itemId: change.triage_item_id,
        integrationId: change.email_integration_id,
        messageId: change.message_id,
        operation: REVERSE[change.operation],
        previous: item ? snapshotOf(item) : null,
      };
    });
    // The reverses name the action they take back: a reverse the mailbox refuses is announced to whoever took
    // the action as well as to the owner (push-changes.ts), like the action's own changes. The action's own
    // pending changes were cancelled above, before these were queued.
    await queueMailboxChanges(tx, userId, actionId, reverses);
    const restored = await tx.execute(sql`
      with p as (
        select * from jsonb_to_recordset(${JSON.stringify(action.previous)}::jsonb)
          as p(id uuid, status text, "isRead" boolean, folder jsonb)
      ), u as (
        update triage_items t set
          status = p.status,
          is_read = p."isRead",
          metadata = (t.metadata - 'mail_folder' - 'exchange_folder_state' - 'mailbox_change_failed')
            || coalesce(p.folder, '{}'::jsonb),
          updated_at = now()
        from p where t.id = p.id and t.user_id = ${userId}
        returning t.*
      )
      select ${itemColumns('u')} from u ${sourceJoin('u')}
      order by u.time desc, u.id desc`);
    await tx.execute(sql`update triage_actions set undone_at = now() where id = ${actionId}`);
    return {
      items: rowsOf<ItemRow>(restored).map(toItemDto),
      integrations: new Set(reverses.map((change) => change.integrationId)),
    };
  });
  app.outbox.kick(userId, integrations);
  return { undone: items.length, items };
}

type ActionPart = { id: string; ownerId: string };

/**
 * The parts of an action `userId` may take back: an action of their own, or one they took on a mailbox shared with
 * their firm while they still see its items (decision 012); the parts of a bulk spread over several owners follow
 * the first. None is a 404, as for an id that does not exist.
 */
async function actionParts(app: FastifyInstance, userId: string, actionId: string): Promise<ActionPart[]> {
  return withUser(app.db, userId, async (tx) => {
    const rows = rowsOf<{ id: string; user_id: string; previous: ItemSnapshot[] }>(
      await tx.execute(sql`
        select id, user_id, previous from triage_actions
        where id = ${actionId} or group_id = ${actionId}
        order by (id = ${actionId}) desc, created_at`),
    );
    const parts: ActionPart[] = [];
    for (const row of rows) {
      if (row.user_id !== userId) {
        const seen = await itemOwnership(
          tx,
          row.previous.map((item) => item.id),
        );
        if (seen.length === 0 || seen.some((item) => !item.isShared || item.ownerId !== row.user_id))
          continue;
      }
      parts.push({ id: row.id, ownerId: row.user_id });
    }
    return parts;
  });
}

/**
 * POST /api/triage/actions/:id/undo: takes back the user's action, as its owner's rows when it was taken on a
 * shared mailbox, with every part of a bulk that spanned several owners.
 */
export async function undoUserAction(
  app: FastifyInstance,
  userId: string,
  actionId: string,
  now: Date,
): Promise<UndoActionResponse> {
  const parts = await actionParts(app, userId, actionId);
  const [first, ...rest] = parts;
  if (!first || first.id !== actionId) throw new AppError(404, 'not_found', ACTION_NOT_FOUND);
  const answers = [await undoAction(app, first.ownerId, first.id, now)];
  for (const part of rest) {
    try {
      answers.push(await undoAction(app, part.ownerId, part.id, now));
    } catch (error) {
      // A later part the owner has already taken back (or that expired with the first) stays as it is.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return {
    undone: answers.reduce((sum, answer) => sum + answer.undone, 0),
    items: answers.flatMap((answer) => answer.items),
  };
}
