import {
  type BulkUpdateResponse,
  bulkUpdateSchema,
  itemPatchSchema,
  TRIAGE_API,
} from '@ledgerdesk/domain/api/triage';
import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { BULK_PERMISSION_DENIED, NO_ITEMS_SELECTED } from '@ledgerdesk/domain/triage/item-update-messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../../auth/require-user';
import { type Tx, withUser } from '../../db/with-user';
import { AppError, badRequest } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { itemOwnership } from '../access';
import { actorDisplayName } from '../firms';
import { type Actor, withSharedActivity } from './shared-activity';
import { undoUserAction } from './undo-action';
import type { TakeBackHook } from './undo-hook';
import { bulkUpdateItems, bulkUpdateOwnItems, updateItem } from './update-items';

const itemParamsSchema = z.strictObject({ id: z.uuid() });

function isEmptyIdList(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Array.isArray((body as { ids?: unknown }).ids)
    ? (body as { ids: unknown[] }).ids.length === 0
    : false;
}

/** The actor of a change to shared items: their display name is read only when colleagues will see it. */
async function actorFor(tx: Tx, user: SessionUser, isShared: boolean): Promise<Actor> {
  return { id: user.id, name: isShared ? await actorDisplayName(tx, user) : displayName(null, user.email) };
}

/** PATCH one item, POST a bulk update (spec §4, §7, §8) and POST an undo of either (decision 010). */
export async function itemUpdateRoutes(app: FastifyInstance, takeBack: TakeBackHook): Promise<void> {
  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/triage/items/:id',
      summary: 'Update one item; its mailbox change is queued (decision 010).',
      auth: { action: 'update triage items' },
      params: itemParamsSchema,
      body: itemPatchSchema,
    },
    async ({ user, params: { id }, body: patch }) => {
      const { owned, actor } = await withUser(app.db, user.id, async (tx) => {
        const [owned] = await itemOwnership(tx, [id]);
        return { owned, actor: await actorFor(tx, user, owned?.isShared ?? false) };
      });
      return updateItem(
        app,
        owned?.ownerId ?? user.id,
        id,
        withSharedActivity(patch, actor, app.clock.now(), owned?.isShared ?? false),
        { actorId: user.id },
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: TRIAGE_API.bulkUpdate,
      summary: 'Update many items.',
      auth: { action: 'update triage items' },
      // Spec §5 words the empty selection exactly; the schema's own wording would prefix the field name.
      beforeInput: (request) => {
        if (isEmptyIdList(request.body)) throw badRequest(NO_ITEMS_SELECTED);
      },
      body: bulkUpdateSchema,
    },
    async ({ user, body }) => {
      const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
      const now = app.clock.now();
      const own = await bulkUpdateOwnItems(
        app,
        user.id,
        { ids, patch: withSharedActivity(body.patch, { id: user.id, name: '' }, now, false) },
        { actorId: user.id },
      );
      if (own) return own;
      const { owned, actor } = await withUser(app.db, user.id, async (tx) => {
        const owned = await itemOwnership(tx, ids);
        return {
          owned,
          actor: await actorFor(
            tx,
            user,
            owned.some((item) => item.isShared),
          ),
        };
      });
      if (owned.length < ids.length) throw new AppError(403, 'permission_denied', BULK_PERMISSION_DENIED);
      // One update per (owner, shared or not): the user's own items as before, a shared mailbox's as its owner.
      const groups = new Map<string, { ownerId: string; isShared: boolean; ids: string[] }>();
      for (const item of owned) {
        const key = `${item.ownerId}\u0000${item.isShared}`;
        const group = groups.get(key) ?? { ownerId: item.ownerId, isShared: item.isShared, ids: [] };
        group.ids.push(item.id);
        groups.set(key, group);
      }
      const results: BulkUpdateResponse[] = [];
      for (const group of groups.values()) {
        results.push(
          await bulkUpdateItems(
            app,
            group.ownerId,
            { ids: group.ids, patch: withSharedActivity(body.patch, actor, now, group.isShared) },
            // The later owners' parts name the first, so one Undo takes the whole bulk back.
            { actorId: user.id, groupId: results[0]?.actionId ?? null },
          ),
        );
      }
      const [first, ...rest] = results;
      if (!first || rest.length === 0) return first;
      return {
        updated: results.reduce((sum, result) => sum + result.updated, 0),
        failed: results.flatMap((result) => result.failed),
        items: results.flatMap((result) => result.items),
        localOnlyIds: results.flatMap((result) => result.localOnlyIds),
        notice: results.find((result) => result.notice)?.notice ?? null,
        actionId: first.actionId,
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/triage/actions/:id/undo',
      summary: 'Take an update or bulk update back (its id is in the update answer).',
      auth: { action: 'undo triage actions' },
      params: itemParamsSchema,
    },
    async ({ user, params: { id } }) => {
      return undoUserAction(app, takeBack, user.id, id, new Date());
    },
  );
}
