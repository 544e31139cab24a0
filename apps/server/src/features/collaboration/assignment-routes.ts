import {
  assignBodySchema,
  COLLABORATION_TEXTS,
  type ThreadActivityResponse,
  threadKeyParamsSchema,
} from '@ledgerdesk/domain/api/collaboration';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { badRequest, forbidden } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { firmMembers, resolveThread } from '../access';
import { actorDisplayName } from '../firms';
import { type Actor, bulkUpdateItems, withSharedActivity } from '../triage';
import {
  insertAssignment,
  latestAssigneeId,
  raiseItem,
  setThreadAssignee,
  withdrawAssignmentItems,
} from './collaboration-repository';
import { deliverLinkItem } from './deliver-link-item';
import type { RuleHistoryHook } from './rule-history-hook';
import { linkOf, threadActivity } from './thread-activity';

/** A thread's activity, and assigning it (domain api/collaboration.ts, decision 013). */
export function registerAssignmentRoutes(app: FastifyInstance, ruleHistory: RuleHistoryHook): void {
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
        threadActivity(tx, user.id, await resolveThread(tx, user.id, threadKey), ruleHistory),
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
        const thread = { ownerId: scope.ownerId, threadKey };
        const previousAssigneeId = await latestAssigneeId(tx, thread);
        const comment = body.comment ? body.comment : null;
        await insertAssignment(tx, {
          ...thread,
          mailboxId: scope.mailboxId,
          assignee,
          by: me,
          todoDate: body.todoDate ?? null,
          comment,
          isCleared: body.clear === true,
        });
        // The spec's assignee chip filters on metadata.assignee (the name) of the thread's items.
        await setThreadAssignee(tx, { ...thread, assignee });
        // A reassignment (or a repeated one, raised again) takes back the item it replaces.
        if (previousAssigneeId)
          await withdrawAssignmentItems(tx, { assigneeUserId: previousAssigneeId, threadKey });
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
          if (headId) await raiseItem(tx, headId);
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
      const activity = await withUser(app.db, user.id, (tx) =>
        threadActivity(tx, user.id, scope, ruleHistory),
      );
      return { ...activity, clearActionId: cleared?.actionId ?? null };
    },
  );
}
