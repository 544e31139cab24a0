/** The zod-free half of the thread collaboration API (./collaboration.ts), for the browser. */
import type { ThreadClient } from './clients-endpoints';
import type { RuleHistoryEntry } from './rules-endpoints';

export const COLLABORATION_API = {
  activity: (threadKey: string) => `/api/triage/threads/${encodeURIComponent(threadKey)}/activity`,
  assignment: (threadKey: string) => `/api/triage/threads/${encodeURIComponent(threadKey)}/assignment`,
  comments: (threadKey: string) => `/api/triage/threads/${encodeURIComponent(threadKey)}/comments`,
  comment: (id: string) => `/api/triage/comments/${encodeURIComponent(id)}`,
} as const;

/** A comment's author may edit it for this long after posting (deleting has no limit). */
export const COMMENT_EDIT_WINDOW_MINUTES = 15;
export const COMMENT_MAX_LENGTH = 5000;
export const ASSIGNMENT_COMMENT_MAX_LENGTH = 2000;

export const COLLABORATION_TEXTS = {
  threadNotFound: 'Email not found. It may have been moved or deleted.',
  notAMember: 'Only members of your firm can be assigned.',
  personalThread: 'Share this mailbox with your firm to assign its mail to a colleague.',
  commentNotFound: 'Comment not found.',
  editWindowOver: `Comments can be edited for ${COMMENT_EDIT_WINDOW_MINUTES} minutes after posting.`,
  notAuthor: 'Only the author can change this comment.',
} as const;

/** What brought an item to a colleague's own triage (kept in the item's `metadata.link`). */
export type LinkKind = 'assignment' | 'mention';

export type ItemLink = {
  kind: LinkKind;
  owner_user_id: string;
  integration_id: string | null;
  thread_key: string;
  by_user_id: string;
  by_name: string;
  /** An assignment's to-do date (YYYY-MM-DD). */
  todo_date?: string | null;
  /** A mention's comment, to highlight it. */
  comment_id?: string;
};

export type AssignmentDto = {
  id: string;
  assigneeUserId: string | null;
  assigneeName: string | null;
  assignedByUserId: string;
  assignedByName: string;
  todoDate: string | null;
  comment: string | null;
  cleared: boolean;
  createdAt: string;
};

export type CommentDto = {
  id: string;
  authorUserId: string;
  authorName: string;
  body: string;
  mentionedUserIds: string[];
  createdAt: string;
  editedAt: string | null;
  /** The signed-in user wrote it (may delete; may edit inside the window). */
  isMine: boolean;
};

export type ThreadActivityResponse = {
  /** Who the thread is with, resolved by address, then domain (decision 015); null when unknown. */
  client: ThreadClient | null;
  /** The outside address a "Set client…" would name (the latest sender not of the firm), if any. */
  clientCandidate: { address: string; name: string } | null;
  /** Work items the thread is filed to. */
  workItemIds: string[];
  /** The latest assignment (null: never assigned, or unassigned). */
  assignment: AssignmentDto | null;
  /** Every assignment, unassignment and reassignment, oldest first. */
  history: AssignmentDto[];
  comments: CommentDto[];
  /** The thread belongs to a mailbox shared with the firm: colleagues can be assigned and mentioned. */
  isShared: boolean;
  /** What rules did to the thread's mail ("Low Priority — rule 'Newsletters'"), oldest first; undoable by actionId. */
  ruleHistory: RuleHistoryEntry[];
};

export type CommentPosted = {
  comment: CommentDto;
  /** Mentioned handles that reached nobody (no such member, or the thread is personal). */
  unreached: string[];
};

/** Whether an item's metadata carries a link (an assignment or mention item), and which. */
export function itemLinkOf(metadata: Record<string, unknown> | null | undefined): ItemLink | null {
  const link = metadata?.link;
  if (typeof link !== 'object' || link === null) return null;
  const value = link as Record<string, unknown>;
  if ((value.kind !== 'assignment' && value.kind !== 'mention') || typeof value.by_name !== 'string')
    return null;
  return value as unknown as ItemLink;
}
