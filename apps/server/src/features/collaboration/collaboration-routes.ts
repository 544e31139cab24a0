import {
  type AssignmentDto,
  assignBodySchema,
  COLLABORATION_TEXTS,
  COMMENT_EDIT_WINDOW_MINUTES,
  type CommentDto,
  type CommentPosted,
  commentBodySchema,
  commentParamsSchema,
  type ItemLink,
  type ThreadActivityResponse,
  threadKeyParamsSchema,
} from '@ledgerdesk/domain/api/collaboration';
import { mentionedHandles } from '@ledgerdesk/domain/firm/mentions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { type Tx, withUser } from '../../db/with-user';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { resolveThreadClient } from '../clients/resolve-client';
import { actorDisplayName } from '../firms/member-names';
import { type Actor, withSharedActivity } from '../triage/item-update-routes';
import { bulkUpdateItems } from '../triage/update-items';
import { deliverLinkItem, firmMembers, resolveThread, type ThreadScope } from './thread-scope';

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

type AssignmentRow = {
  id: string;
  assignee_user_id: string | null;
  assignee_name: string | null;
  assigned_by: string;
  assigned_by_name: string;
  todo_date: string | Date | null;
  comment: string | null;
  cleared: boolean;
  created_at: string | Date;
};

type CommentRow = {
  id: string;
  author_user_id: string;
  author_name: string;
  body: string;
  mentioned_user_ids: string[] | string | null;
  created_at: string | Date;
  edited_at: string | Date | null;
};

const dateOnly = (value: string | Date | null) =>
  value == null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function toAssignment(row: AssignmentRow): AssignmentDto {
  return {
    id: row.id,
    assigneeUserId: row.assignee_user_id,
    assigneeName: row.assignee_name,
    assignedByUserId: row.assigned_by,
    assignedByName: row.assigned_by_name,
    todoDate: dateOnly(row.todo_date),
    comment: row.comment,
    cleared: row.cleared,
    createdAt: iso(row.created_at) ?? '',
  };
}

/** A text[] value of `values` (an empty array for none). */
function textArraySql(values: readonly string[]) {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
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

function toComment(row: CommentRow, userId: string): CommentDto {
  return {
    id: row.id,
    authorUserId: row.author_user_id,
    authorName: row.author_name,
    body: row.body,
    mentionedUserIds: textArray(row.mentioned_user_ids),
    createdAt: iso(row.created_at) ?? '',
    editedAt: iso(row.edited_at),
    isMine: row.author_user_id === userId,
  };
}

async function threadActivity(tx: Tx, userId: string, scope: ThreadScope): Promise<ThreadActivityResponse> {
  // Members are named as their profile names them now (issue 27); the name kept with the row is for the others.
  const names = new Map((await firmMembers(tx)).map((member) => [member.userId, member.name]));
  function nameOf(id: string | null, kept: string): string;
  function nameOf(id: string | null, kept: string | null): string | null;
  function nameOf(id: string | null, kept: string | null) {
    return (id && names.get(id)) || kept;
  }
  const history = rowsOf<AssignmentRow>(
    await tx.execute(sql`
      select id, assignee_user_id, assignee_name, assigned_by, assigned_by_name, todo_date, comment, cleared,
        created_at
      from thread_assignments
      where owner_user_id = ${scope.ownerId} and thread_key = ${scope.threadKey}
      order by created_at, id`),
  ).map((row) =>
    toAssignment({
      ...row,
      assignee_name: nameOf(row.assignee_user_id, row.assignee_name),
      assigned_by_name: nameOf(row.assigned_by, row.assigned_by_name),
    }),
  );
  const comments = rowsOf<CommentRow>(
    await tx.execute(sql`
      select id, author_user_id, author_name, body, mentioned_user_ids, created_at, edited_at
      from thread_comments
      where owner_user_id = ${scope.ownerId} and thread_key = ${scope.threadKey}
      order by created_at, id`),
  ).map((row) => toComment({ ...row, author_name: nameOf(row.author_user_id, row.author_name) }, userId));
  const latest = history.at(-1) ?? null;
  const { client, candidate } = await resolveThreadClient(tx, userId, scope);
  const filed = rowsOf<{ work_item_id: string }>(
    await tx.execute(sql`
      select work_item_id from work_item_threads
      where owner_user_id = ${scope.ownerId} and thread_key = ${scope.threadKey} order by filed_at`),
  );
  return {
    client,
    clientCandidate: candidate,
    workItemIds: filed.map((row) => row.work_item_id),
    assignment: latest?.assigneeUserId ? latest : null,
    history,
    comments,
    isShared: scope.isShared,
  };
}

/** The link metadata of an item brought to someone by this thread. */
function linkOf(
  scope: ThreadScope,
  actor: Actor,
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

/** Assignment and internal comments with @mentions on a thread (domain api/collaboration.ts, decision 013). */
export async function collaborationRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/triage/threads/:threadKey/activity',
      summary: "A thread's assignment, its history and its internal comments.",
      auth: { action: 'view triage items' },
      params: threadKeyParamsSchema,
    },
    async ({ user, params: { threadKey } }): Promise<ThreadActivityResponse> => {
      return withUser(app.db, user.id, async (tx) =>
        threadActivity(tx, user.id, await resolveThread(tx, user.id, threadKey)),
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/triage/threads/:threadKey/assignment',
      summary:
        'Assign a thread to a member (or unassign), optionally with a to-do date, a comment and Clear.',
      auth: { action: 'assign triage items' },
      params: threadKeyParamsSchema,
      body: assignBodySchema,
    },
    async ({ user, params: { threadKey }, body }) => {
      const { scope, me } = await withUser(app.db, user.id, async (tx) => {
        const scope = await resolveThread(tx, user.id, threadKey);
        const me: Actor = { id: user.id, name: await actorDisplayName(tx, user) };
        let assignee: { userId: string; name: string } | null = null;
        if (body.assigneeUserId === user.id) assignee = { userId: user.id, name: me.name };
        else if (body.assigneeUserId) {
          const member = (await firmMembers(tx)).find(
            (candidate) => candidate.userId === body.assigneeUserId,
          );
          if (!member) throw badRequest(COLLABORATION_TEXTS.notAMember);
          if (!scope.isShared) throw forbidden(COLLABORATION_TEXTS.personalThread);
          assignee = { userId: member.userId, name: member.name };
        }
        const [previous] = rowsOf<{ assignee_user_id: string | null }>(
          await tx.execute(sql`
          select assignee_user_id from thread_assignments
          where owner_user_id = ${scope.ownerId} and thread_key = ${threadKey}
          order by created_at desc, id desc limit 1`),
        );
        const comment = body.comment ? body.comment : null;
        await tx.execute(sql`
        insert into thread_assignments (owner_user_id, email_integration_id, thread_key, assignee_user_id,
          assignee_name, assigned_by, assigned_by_name, todo_date, comment, cleared)
        values (${scope.ownerId}, ${scope.mailboxId}, ${threadKey}, ${assignee?.userId ?? null},
          ${assignee?.name ?? null}, ${user.id}, ${me.name}, ${body.todoDate ?? null}, ${comment},
          ${body.clear === true})`);
        // The spec's assignee chip filters on metadata.assignee (the name) of the thread's items.
        await tx.execute(
          assignee
            ? sql`update triage_items set metadata = metadata || jsonb_build_object('assignee', ${assignee.name}::text,
              'assignee_user_id', ${assignee.userId}::text), updated_at = now()
            where user_id = ${scope.ownerId} and thread_key = ${threadKey} and not (metadata ? 'link')`
            : sql`update triage_items set metadata = metadata - 'assignee' - 'assignee_user_id', updated_at = now()
            where user_id = ${scope.ownerId} and thread_key = ${threadKey} and not (metadata ? 'link')`,
        );
        // A reassignment (or a repeated one, raised again) takes back the item it replaces.
        if (previous?.assignee_user_id)
          await tx.execute(
            sql`select ledgerdesk_withdraw_assignment_items(${previous.assignee_user_id}, ${threadKey})`,
          );
        if (assignee && (assignee.userId !== scope.ownerId || body.clear === true)) {
          const link = linkOf(scope, me, { kind: 'assignment', todo_date: body.todoDate ?? null });
          await deliverLinkItem(
            tx,
            assignee.userId,
            'email',
            scope,
            { fromAddress: scope.head.fromAddress, preview: comment ?? scope.head.preview },
            { link, assignee: assignee.name, assignee_user_id: assignee.userId },
          );
        } else if (assignee) {
          // The owner assigned to their own thread: it is raised in their triage like new mail.
          const headId = scope.items[0]?.id;
          if (headId)
            await tx.execute(sql`update triage_items set raised_at = now() where id = ${headId}::uuid`);
        }
        return { scope, me };
      });
      // Assign & Clear (Karbon's choice): the thread leaves the shared view through the usual outbox path.
      const toClear = scope.items.filter((item) => item.status !== 'cleared').map((item) => item.id);
      const cleared =
        body.clear === true && toClear.length > 0
          ? await bulkUpdateItems(
              app,
              scope.ownerId,
              {
                ids: toClear,
                patch: withSharedActivity({ status: 'cleared' }, me, app.clock.now(), scope.isShared),
              },
              { actorId: user.id },
            )
          : null;
      const activity = await withUser(app.db, user.id, (tx) => threadActivity(tx, user.id, scope));
      return { ...activity, clearActionId: cleared?.actionId ?? null };
    },
  );

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
        const [row] = rowsOf<CommentRow>(
          await tx.execute(sql`
          insert into thread_comments (owner_user_id, email_integration_id, thread_key, author_user_id,
            author_name, body, mentioned_user_ids)
          values (${scope.ownerId}, ${scope.mailboxId}, ${threadKey}, ${user.id}, ${me.name}, ${body},
            ${textArraySql(mentioned.map((member) => member.userId))})
          returning id, author_user_id, author_name, body, mentioned_user_ids, created_at, edited_at`),
        );
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
        const ageMs = app.clock.now().getTime() - new Date(found.created_at).getTime();
        if (ageMs > COMMENT_EDIT_WINDOW_MINUTES * 60_000) throw forbidden(COLLABORATION_TEXTS.editWindowOver);
        const [row] = rowsOf<CommentRow>(
          await tx.execute(sql`
          update thread_comments set body = ${body}, edited_at = now() where id = ${id}::uuid
          returning id, author_user_id, author_name, body, mentioned_user_ids, created_at, edited_at`),
        );
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
        await tx.execute(sql`delete from thread_comments where id = ${id}::uuid`);
      });
      return reply.code(204).send();
    },
  );
}

/** A comment the user can see and wrote: 404 when unseen, 403 when someone else's. */
async function commentOf(tx: Tx, userId: string, id: string): Promise<CommentRow> {
  const [row] = rowsOf<CommentRow>(
    await tx.execute(sql`
      select id, author_user_id, author_name, body, mentioned_user_ids, created_at, edited_at
      from thread_comments where id = ${id}::uuid`),
  );
  if (!row) throw notFound(COLLABORATION_TEXTS.commentNotFound);
  if (row.author_user_id !== userId) throw forbidden(COLLABORATION_TEXTS.notAuthor);
  return row;
}
