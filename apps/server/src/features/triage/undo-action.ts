import type { UndoActionResponse } from '@ledgerdesk/domain/api/triage';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import {
  folderKeysOf,
  type ItemSnapshot,
  type MailboxChangeOperation,
  type QueuedChange,
  queueMailboxChanges,
} from '../../mail';
import { itemOwnership } from '../access';
import { toItemDto } from './item-row';
import type { StoredItem } from './item-writes';
import { loadUpdatableItems } from './item-writes';
import type { TakeBackHook } from './undo-hook';
import {
  cancelPendingChanges,
  findActionForUpdate,
  listActionParts,
  listReachedChanges,
  markActionUndone,
  restoreItems,
} from './undo-repository';

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

function snapshotOf(item: StoredItem): Omit<ItemSnapshot, 'id'> {
  return { status: item.status, isRead: item.isRead, folder: folderKeysOf(item.metadata) };
}

/**
 * Takes an action back (decision 010): its changes still queued never reach the mailbox; those already pushed (or
 * being pushed) are reversed through the outbox, after them; the items return to what they were before.
 * `takeBack` takes back what other features did with the action (a rule's thread-level actions). All in one
 * transaction; another user's action id is a 404.
 */
export async function undoAction(
  app: FastifyInstance,
  takeBack: TakeBackHook,
  userId: string,
  actionId: string,
  now: Date,
): Promise<UndoActionResponse> {
  const { items, integrations } = await withUser(app.db, userId, async (tx) => {
    const action = await findActionForUpdate(tx, actionId);
    if (!action) throw new AppError(404, 'not_found', ACTION_NOT_FOUND);
    if (action.undoneAt) throw new AppError(409, 'already_undone', ACTION_ALREADY_UNDONE);
    if (now.getTime() - new Date(action.createdAt).getTime() > UNDO_LIMIT_MS)
      throw new AppError(409, 'too_old', ACTION_TOO_OLD);
    await cancelPendingChanges(tx, actionId);
    const reached = await listReachedChanges(tx, actionId);
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
      const item = change.itemId ? current.get(change.itemId) : undefined;
      return {
        itemId: change.itemId,
        integrationId: change.integrationId,
        messageId: change.messageId,
        operation: REVERSE[change.operation],
        previous: item ? snapshotOf(item) : null,
      };
    });
    // The reverses name the action they take back: a reverse the mailbox refuses is announced to whoever took
    // the action as well as to the owner (push-changes.ts), like the action's own changes. The action's own
    // pending changes were cancelled above, before these were queued.
    await queueMailboxChanges(tx, userId, actionId, reverses);
    const restored = await restoreItems(tx, { userId, previous: action.previous });
    // A rule's Assign, Set client and Add to work go back too (decision 025).
    await takeBack(tx, action.previous);
    await markActionUndone(tx, actionId);
    return {
      items: restored.map(toItemDto),
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
    const rows = await listActionParts(tx, actionId);
    const parts: ActionPart[] = [];
    for (const row of rows) {
      if (row.userId !== userId) {
        const seen = await itemOwnership(
          tx,
          row.previous.map((item) => item.id),
        );
        if (seen.length === 0 || seen.some((item) => !item.isShared || item.ownerId !== row.userId)) continue;
      }
      parts.push({ id: row.id, ownerId: row.userId });
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
  takeBack: TakeBackHook,
  userId: string,
  actionId: string,
  now: Date,
): Promise<UndoActionResponse> {
  const parts = await actionParts(app, userId, actionId);
  const [first, ...rest] = parts;
  if (!first || first.id !== actionId) throw new AppError(404, 'not_found', ACTION_NOT_FOUND);
  const answers = [await undoAction(app, takeBack, first.ownerId, first.id, now)];
  for (const part of rest) {
    try {
      answers.push(await undoAction(app, takeBack, part.ownerId, part.id, now));
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
