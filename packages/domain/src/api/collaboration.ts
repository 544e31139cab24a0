/**
 * Thread collaboration (decision 012, decision 013): assignment and internal comments with @mentions. Every endpoint
 * needs a session; errors are `{error:{code,message}}`. A thread is one the user can open (their own, or one of a
 * mailbox shared with their firm); any other answers 404.
 *
 * GET    /api/triage/threads/:threadKey/activity                     → ThreadActivityResponse
 * POST   /api/triage/threads/:threadKey/assignment body AssignBody  → ThreadActivityResponse
 *        `assigneeUserId` null unassigns. A colleague can be assigned only on a shared mailbox's thread (403
 *        otherwise); a non-member → 400. `clear: true` also clears the thread (Assign & Clear). The assignee gets
 *        an item in their own triage ("Assigned by {name}"), raised like new mail; a reassignment takes the
 *        previous assignee's item back. The thread's items carry `metadata.assignee` (the name) for the chip.
 * POST   /api/triage/threads/:threadKey/comments   body CommentBody → 201 CommentPosted
 *        `@handle` mentions a member (their profile handle, or their email's local part): on a shared mailbox's
 *        thread each mentioned member gets a `mention` item linking to the comment.
 * PATCH  /api/triage/comments/:id                  body CommentBody → {comment}  (author, within 15 minutes)
 * DELETE /api/triage/comments/:id                                   → 204 (author)
 */
import { z } from 'zod';
import { ASSIGNMENT_COMMENT_MAX_LENGTH, COMMENT_MAX_LENGTH } from './collaboration-endpoints';
import { safeString } from './safe-string';

export * from './collaboration-endpoints';

export const threadKeyParamsSchema = z.strictObject({ threadKey: safeString().min(1).max(1000) });
export const commentParamsSchema = z.strictObject({ id: z.uuid('id must be a valid id.') });

export const assignBodySchema = z.strictObject({
  assigneeUserId: safeString().min(1).max(200).nullable(),
  todoDate: z.iso.date('todoDate must be a date (YYYY-MM-DD).').nullable().optional(),
  comment: safeString().trim().max(ASSIGNMENT_COMMENT_MAX_LENGTH).nullable().optional(),
  clear: z.boolean().optional(),
});
export type AssignBody = z.output<typeof assignBodySchema>;

export const commentBodySchema = z.strictObject({
  body: safeString().trim().min(1, 'must not be empty').max(COMMENT_MAX_LENGTH),
});
