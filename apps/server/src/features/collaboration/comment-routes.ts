import {
  COLLABORATION_TEXTS,
  COMMENT_EDIT_WINDOW_MINUTES,
  type CommentPosted,
  commentBodySchema,
  commentParamsSchema,
  threadKeyParamsSchema,
} from '@ledgerdesk/domain/api/collaboration';
import { mentionedHandles } from '@ledgerdesk/domain/firm/mentions';
import type { FastifyInstance } from 'fastify';
import { type Tx, withUser } from '../../db/with-user';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { firmMembers, resolveThread } from '../access';
import { actorDisplayName } from '../firms';
import type { Actor } from '../triage';
import {
  type CommentRow,
  deleteComment,
  findComment,
  insertComment,
  updateCommentBody,
} from './collaboration-repository';
import { deliverLinkItem } from './deliver-link-item';
import { linkOf, toComment } from './thread-activity';

/** A comment the user can see and wrote: 404 when unseen, 403 when someone else's. */
async function commentOf(tx: Tx, userId: string, id: string): Promise<CommentRow> {
  const row = await findComment(tx, id);
  if (!row) throw notFound(COLLABORATION_TEXTS.commentNotFound);
  if (row.authorUserId !== userId) throw forbidden(COLLABORATION_TEXTS.notAuthor);
  return row;
}

/** Internal comments with @mentions on a thread (domain api/collaboration.ts, decision 013). */
export function registerCommentRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/triage/threads/:threadKey/comments',
      summary: 'Post an internal comment; @handle mentions a member of the firm.',
      auth: { action: 'comment on triage items' },
      params: threadKeyParamsSchema,
      body: commentBodySchema,
    },
    async ({ user, reply, params: { threadKey }, body: { body } }) => {
      const posted = await withUser(app.db, user.id, async (tx): Promise<CommentPosted> => {
        const scope = await resolveThread(tx, user.id, threadKey);
        const me: Actor = { id: user.id, name: await actorDisplayName(tx, user) };
        const handles = mentionedHandles(body);
        const members = handles.length > 0 && scope.isShared ? await firmMembers(tx) : [];
        const mentioned = members.filter(
          (member) => handles.includes(member.handle) && member.userId !== user.id,
        );
        const reached = new Set(
          members.filter((member) => handles.includes(member.handle)).map((m) => m.handle),
        );
        const row = await insertComment(tx, {
          ownerId: scope.ownerId,
          threadKey,
          mailboxId: scope.mailboxId,
          author: me,
          body,
          mentionedUserIds: mentioned.map((member) => member.userId),
        });
        if (!row) throw new AppError(500, 'internal', 'The comment could not be saved.');
        for (const member of mentioned) {
          await deliverLinkItem(
            tx,
            member.userId,
            'mention',
            scope,
            { fromAddress: `${me.name} <${user.email}>`, preview: body.slice(0, 500) },
            { link: linkOf(scope, me, { kind: 'mention', comment_id: row.id }) },
          );
        }
        return {
          comment: toComment(row, user.id),
          unreached: handles.filter((handle) => !reached.has(handle)),
        };
      });
      return reply.code(201).send(posted);
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/triage/comments/:id',
      summary: 'Edit your comment (within 15 minutes).',
      auth: { action: 'edit comments' },
      params: commentParamsSchema,
      body: commentBodySchema,
    },
    async ({ user, params: { id }, body: { body } }) => {
      return withUser(app.db, user.id, async (tx) => {
        const found = await commentOf(tx, user.id, id);
        const ageMs = app.clock.now().getTime() - new Date(found.createdAt).getTime();
        if (ageMs > COMMENT_EDIT_WINDOW_MINUTES * 60_000) throw forbidden(COLLABORATION_TEXTS.editWindowOver);
        const row = await updateCommentBody(tx, { id, body });
        if (!row) throw forbidden(COLLABORATION_TEXTS.editWindowOver);
        return { comment: toComment(row, user.id) };
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/triage/comments/:id',
      summary: 'Delete your comment.',
      auth: { action: 'delete comments' },
      params: commentParamsSchema,
    },
    async ({ user, reply, params: { id } }) => {
      await withUser(app.db, user.id, async (tx) => {
        await commentOf(tx, user.id, id);
        await deleteComment(tx, id);
      });
      return reply.code(204).send();
    },
  );
}
