import type {
  AssignmentDto,
  CommentDto,
  ItemLink,
  ThreadActivityResponse,
} from '@ledgerdesk/domain/api/collaboration';
import type { Tx } from '../../db/with-user';
import { firmMembers, type ThreadScope } from '../access';
import { listWorkItemIdsOfThread, resolveThreadClient } from '../clients';
import {
  type AssignmentRow,
  type CommentRow,
  listAssignments,
  listComments,
} from './collaboration-repository';
import type { RuleHistoryHook } from './rule-history-hook';

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

const dateOnly = (value: string | Date | null) =>
  value == null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function toAssignment(row: AssignmentRow): AssignmentDto {
  return {
    id: row.id,
    assigneeUserId: row.assigneeUserId,
    assigneeName: row.assigneeName,
    assignedByUserId: row.assignedBy,
    assignedByName: row.assignedByName,
    todoDate: dateOnly(row.todoDate),
    comment: row.comment,
    cleared: row.cleared,
    createdAt: iso(row.createdAt) ?? '',
  };
}

/** PGlite answers text[] as an array, node-postgres too; a string form is parsed defensively. */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

export function toComment(row: CommentRow, userId: string): CommentDto {
  return {
    id: row.id,
    authorUserId: row.authorUserId,
    authorName: row.authorName,
    body: row.body,
    mentionedUserIds: textArray(row.mentionedUserIds),
    createdAt: iso(row.createdAt) ?? '',
    editedAt: iso(row.editedAt),
    isMine: row.authorUserId === userId,
  };
}

/** A thread's client, filed work items, assignment, history, comments and rule history, as the user sees them. */
export async function threadActivity(
  tx: Tx,
  userId: string,
  scope: ThreadScope,
  ruleHistory: RuleHistoryHook,
): Promise<ThreadActivityResponse> {
  // Members are named as their profile names them now (decision 012); the name kept with the row is for the others.
  const names = new Map((await firmMembers(tx)).map((member) => [member.userId, member.name]));
  function nameOf(id: string | null, kept: string): string;
  function nameOf(id: string | null, kept: string | null): string | null;
  function nameOf(id: string | null, kept: string | null) {
    return (id && names.get(id)) || kept;
  }
  const history = (await listAssignments(tx, scope)).map((row) =>
    toAssignment({
      ...row,
      assigneeName: nameOf(row.assigneeUserId, row.assigneeName),
      assignedByName: nameOf(row.assignedBy, row.assignedByName),
    }),
  );
  const comments = (await listComments(tx, scope)).map((row) =>
    toComment({ ...row, authorName: nameOf(row.authorUserId, row.authorName) }, userId),
  );
  const latest = history.at(-1) ?? null;
  const { client, candidate } = await resolveThreadClient(tx, userId, scope);
  const workItemIds = await listWorkItemIdsOfThread(tx, scope);
  return {
    client,
    clientCandidate: candidate,
    workItemIds,
    assignment: latest?.assigneeUserId ? latest : null,
    history,
    comments,
    isShared: scope.isShared,
    ruleHistory: await ruleHistory(tx, scope),
  };
}

/** The link metadata of an item brought to someone by this thread. */
export function linkOf(
  scope: ThreadScope,
  actor: { id: string; name: string },
  extra: Partial<ItemLink> & Pick<ItemLink, 'kind'>,
): ItemLink {
  return {
    owner_user_id: scope.ownerId,
    integration_id: scope.mailboxId,
    thread_key: scope.threadKey,
    by_user_id: actor.id,
    by_name: actor.name,
    ...extra,
  };
}
