import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { threadAssignments, threadComments } from '../../db/schema/collaboration';
import type { ThreadRef } from '../access';

/**
 * Every query of thread collaboration (decision 013): assignments, comments and the items delivered to colleagues
 * (the thread's own items and the firm's members are read by features/access). Inside `withUser`: row-level
 * security shows only threads the user can see.
 */

const commentColumns = {
  id: threadComments.id,
  authorUserId: threadComments.authorUserId,
  authorName: threadComments.authorName,
  body: threadComments.body,
  mentionedUserIds: threadComments.mentionedUserIds,
  createdAt: threadComments.createdAt,
  editedAt: threadComments.editedAt,
};

export type CommentRow = {
  id: string;
  authorUserId: string;
  authorName: string;
  body: string;
  mentionedUserIds: string[] | string | null;
  createdAt: Date | string;
  editedAt: Date | string | null;
};

export type AssignmentRow = {
  id: string;
  assigneeUserId: string | null;
  assigneeName: string | null;
  assignedBy: string;
  assignedByName: string;
  todoDate: string | Date | null;
  comment: string | null;
  cleared: boolean;
  createdAt: Date | string;
};

/** A thread's assignment history, oldest first. */
export async function listAssignments(tx: DbOrTx, thread: ThreadRef): Promise<AssignmentRow[]> {
  return tx
    .select({
      id: threadAssignments.id,
      assigneeUserId: threadAssignments.assigneeUserId,
      assigneeName: threadAssignments.assigneeName,
      assignedBy: threadAssignments.assignedBy,
      assignedByName: threadAssignments.assignedByName,
      todoDate: threadAssignments.todoDate,
      comment: threadAssignments.comment,
      cleared: threadAssignments.cleared,
      createdAt: threadAssignments.createdAt,
    })
    .from(threadAssignments)
    .where(
      and(
        eq(threadAssignments.ownerUserId, thread.ownerId),
        eq(threadAssignments.threadKey, thread.threadKey),
      ),
    )
    .orderBy(asc(threadAssignments.createdAt), asc(threadAssignments.id));
}

/** The assignee of a thread's latest assignment (null when unassigned or never assigned). */
export async function latestAssigneeId(tx: DbOrTx, thread: ThreadRef): Promise<string | null> {
  const [row] = await tx
    .select({ assigneeUserId: threadAssignments.assigneeUserId })
    .from(threadAssignments)
    .where(
      and(
        eq(threadAssignments.ownerUserId, thread.ownerId),
        eq(threadAssignments.threadKey, thread.threadKey),
      ),
    )
    .orderBy(desc(threadAssignments.createdAt), desc(threadAssignments.id))
    .limit(1);
  return row?.assigneeUserId ?? null;
}

/** Appends an assignment (or an unassignment: no assignee) to a thread's history. */
export async function insertAssignment(
  tx: DbOrTx,
  assignment: ThreadRef & {
    mailboxId: string | null;
    assignee: { userId: string; name: string } | null;
    by: { id: string; name: string };
    todoDate: string | null;
    comment: string | null;
    isCleared: boolean;
  },
): Promise<void> {
  await tx.insert(threadAssignments).values({
    ownerUserId: assignment.ownerId,
    emailIntegrationId: assignment.mailboxId,
    threadKey: assignment.threadKey,
    assigneeUserId: assignment.assignee?.userId ?? null,
    assigneeName: assignment.assignee?.name ?? null,
    assignedBy: assignment.by.id,
    assignedByName: assignment.by.name,
    todoDate: assignment.todoDate,
    comment: assignment.comment,
    cleared: assignment.isCleared,
  });
}

/** Names the assignee in `metadata.assignee` of the thread's own items (the spec's assignee chip), or removes it. */
export async function setThreadAssignee(
  tx: DbOrTx,
  thread: ThreadRef & { assignee: { userId: string; name: string } | null },
): Promise<void> {
  const { ownerId, threadKey, assignee } = thread;
  await tx.execute(
    assignee
      ? sql`update triage_items set metadata = metadata || jsonb_build_object('assignee', ${assignee.name}::text,
          'assignee_user_id', ${assignee.userId}::text), updated_at = now()
        where user_id = ${ownerId} and thread_key = ${threadKey} and not (metadata ? 'link')`
      : sql`update triage_items set metadata = metadata - 'assignee' - 'assignee_user_id', updated_at = now()
        where user_id = ${ownerId} and thread_key = ${threadKey} and not (metadata ? 'link')`,
  );
}

/** Takes back the items an earlier assignment of the thread brought to `assigneeUserId` (a definer function). */
export async function withdrawAssignmentItems(
  tx: DbOrTx,
  options: { assigneeUserId: string; threadKey: string },
): Promise<void> {
  await tx.execute(
    sql`select ledgerdesk_withdraw_assignment_items(${options.assigneeUserId}, ${options.threadKey})`,
  );
}

/** Raises one item in its owner's triage like new mail. */
export async function raiseItem(tx: DbOrTx, itemId: string): Promise<void> {
  await tx.execute(sql`update triage_items set raised_at = now() where id = ${itemId}::uuid`);
}

/** A thread's comments, oldest first. */
export async function listComments(tx: DbOrTx, thread: ThreadRef): Promise<CommentRow[]> {
  return tx
    .select(commentColumns)
    .from(threadComments)
    .where(
      and(eq(threadComments.ownerUserId, thread.ownerId), eq(threadComments.threadKey, thread.threadKey)),
    )
    .orderBy(asc(threadComments.createdAt), asc(threadComments.id));
}

/** One comment the user can see, or null. */
export async function findComment(tx: DbOrTx, id: string): Promise<CommentRow | null> {
  const [row] = await tx.select(commentColumns).from(threadComments).where(eq(threadComments.id, id));
  return row ?? null;
}

export async function insertComment(
  tx: DbOrTx,
  comment: ThreadRef & {
    mailboxId: string | null;
    author: { id: string; name: string };
    body: string;
    mentionedUserIds: string[];
  },
): Promise<CommentRow | null> {
  const [row] = await tx
    .insert(threadComments)
    .values({
      ownerUserId: comment.ownerId,
      emailIntegrationId: comment.mailboxId,
      threadKey: comment.threadKey,
      authorUserId: comment.author.id,
      authorName: comment.author.name,
      body: comment.body,
      mentionedUserIds: comment.mentionedUserIds,
    })
    .returning(commentColumns);
  return row ?? null;
}

/** Rewrites a comment's body and marks it edited; null when row-level security refuses it. */
export async function updateCommentBody(
  tx: DbOrTx,
  options: { id: string; body: string },
): Promise<CommentRow | null> {
  const [row] = await tx
    .update(threadComments)
    .set({ body: options.body, editedAt: sql`now()` })
    .where(eq(threadComments.id, options.id))
    .returning(commentColumns);
  return row ?? null;
}

export async function deleteComment(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(threadComments).where(eq(threadComments.id, id));
}

/** Inserts an item pointing at a thread into `recipientId`'s triage (a definer function); null outside the firm. */
export async function insertLinkItem(
  tx: DbOrTx,
  item: {
    recipientId: string;
    type: 'email' | 'mention';
    threadKey: string;
    subject: string | null;
    fromAddress: string | null;
    preview: string | null;
    metadata: Record<string, unknown>;
  },
): Promise<string | null> {
  const result = await tx.execute(sql`
    select ledgerdesk_deliver_link_item(${item.recipientId}, ${item.type}, ${item.threadKey}, ${item.subject},
      ${item.fromAddress}, ${item.preview}, ${JSON.stringify(item.metadata)}::jsonb) as id`);
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}
