import type { Tx } from '../../db/with-user';
import {
  insertAssignment,
  latestAssigneeId,
  setThreadAssignee,
  withdrawAssignmentItems,
} from '../collaboration/collaboration-repository';
import { linkOf } from '../collaboration/thread-activity';
import { deliverLinkItem, firmMembers, resolveThread } from '../collaboration/thread-scope';

type Thread = { ownerId: string; mailboxId: string; threadKey: string };

/** The date `days` after `from`, as YYYY-MM-DD. */
function todoDateOf(from: Date, days: number | null): string | null {
  return days === null ? null : new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Assigns a shared mailbox's thread to a member, as a person's Assign does (assignment-routes.ts): the history
 * row by the mailbox's owner in the rule's name, the chip on the thread's items, the assignee's item. A member
 * no longer in the firm was caught before (broken-rules.ts); one gone meanwhile leaves the thread unassigned.
 */
export async function assignByRule(
  tx: Tx,
  thread: Thread,
  assign: { assigneeUserId: string; todoInDays: number | null },
  ruleName: string,
  receivedAt: Date,
): Promise<void> {
  const member = (await firmMembers(tx)).find((candidate) => candidate.userId === assign.assigneeUserId);
  if (!member) return;
  const scope = await resolveThread(tx, thread.ownerId, thread.threadKey);
  if (!scope.isShared) return;
  const by = { id: thread.ownerId, name: `Rule '${ruleName}'` };
  const assignee = { userId: member.userId, name: member.name };
  const todoDate = todoDateOf(receivedAt, assign.todoInDays);
  const previousAssigneeId = await latestAssigneeId(tx, thread);
  await insertAssignment(tx, { ...thread, assignee, by, todoDate, comment: null, isCleared: false });
  await setThreadAssignee(tx, { ...thread, assignee });
  if (previousAssigneeId && previousAssigneeId !== member.userId)
    await withdrawAssignmentItems(tx, { assigneeUserId: previousAssigneeId, threadKey: thread.threadKey });
  if (member.userId !== thread.ownerId) {
    const link = linkOf(scope, by, { kind: 'assignment', todo_date: todoDate });
    await deliverLinkItem(
      tx,
      member.userId,
      'email',
      scope,
      { fromAddress: scope.head.fromAddress, preview: scope.head.preview },
      { link, assignee: member.name, assignee_user_id: member.userId },
    );
  }
}
