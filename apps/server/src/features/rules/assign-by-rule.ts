import type { RuleEffects, RuleThread } from '@ledgerdesk/domain/rules/rule-effects';
import type { Tx } from '../../db/with-user';
import { firmMembers, resolveThread } from '../access';
import {
  deliverLinkItem,
  insertAssignment,
  latestAssigneeId,
  linkOf,
  listAssignments,
  setThreadAssignee,
  withdrawAssignmentItems,
} from '../collaboration';

type Member = { userId: string; name: string };
type Assignment = NonNullable<RuleEffects['assignment']>;

/** The date `days` after `from`, as YYYY-MM-DD. */
function todoDateOf(from: Date, days: number | null): string | null {
  return days === null ? null : new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Assigns a shared mailbox's thread (or unassigns it: no assignee) as a person's Assign does
 * (assignment-routes.ts): the history row by the mailbox's owner in the rule's name, the chip on the thread's
 * items, the previous assignee's item withdrawn, the assignee's item delivered. Answers the assignee before.
 */
async function assignThread(
  tx: Tx,
  thread: RuleThread,
  assignee: Member | null,
  byName: string,
  todoDate: string | null,
): Promise<Member | null | undefined> {
  const scope = await resolveThread(tx, thread.ownerId, thread.threadKey);
  if (!scope.isShared) return undefined;
  const last = (await listAssignments(tx, thread)).at(-1);
  const previous = last?.assigneeUserId
    ? { userId: last.assigneeUserId, name: last.assigneeName ?? '' }
    : null;
  const by = { id: thread.ownerId, name: byName };
  await insertAssignment(tx, { ...thread, assignee, by, todoDate, comment: null, isCleared: false });
  await setThreadAssignee(tx, { ...thread, assignee });
  if (previous && previous.userId !== assignee?.userId)
    await withdrawAssignmentItems(tx, { assigneeUserId: previous.userId, threadKey: thread.threadKey });
  if (assignee && assignee.userId !== thread.ownerId) {
    const link = linkOf(scope, by, { kind: 'assignment', todo_date: todoDate });
    await deliverLinkItem(
      tx,
      assignee.userId,
      'email',
      scope,
      { fromAddress: scope.head.fromAddress, preview: scope.head.preview },
      { link, assignee: assignee.name, assignee_user_id: assignee.userId },
    );
  }
  return previous;
}

/**
 * A rule's Assign on a shared mailbox's thread, with a to-do date that many days after the mail arrived. A member
 * no longer in the firm was caught before (broken-rules.ts); one gone meanwhile leaves the thread as it was.
 * Answers what Undo needs, or null when nothing was assigned.
 */
export async function assignByRule(
  tx: Tx,
  thread: RuleThread,
  assign: { assigneeUserId: string; todoInDays: number | null },
  ruleName: string,
  receivedAt: Date,
): Promise<Assignment | null> {
  const member = (await firmMembers(tx)).find((candidate) => candidate.userId === assign.assigneeUserId);
  if (!member) return null;
  const todoDate = todoDateOf(receivedAt, assign.todoInDays);
  const previous = await assignThread(tx, thread, member, `Rule '${ruleName}'`, todoDate);
  return previous === undefined ? null : { assigneeUserId: member.userId, previous };
}

/** Undo of a rule's Assign: the thread goes back to its assignee before, unless someone reassigned it since. */
export async function unassignByRule(
  tx: Tx,
  thread: RuleThread,
  assignment: Assignment,
  ruleName: string,
): Promise<void> {
  if ((await latestAssigneeId(tx, thread)) !== assignment.assigneeUserId) return;
  await assignThread(tx, thread, assignment.previous, `Undo of rule '${ruleName}'`, null);
}
