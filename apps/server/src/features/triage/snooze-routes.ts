import {
  itemIdsBodySchema,
  SNOOZE_API,
  SNOOZE_NOT_IN_TRIAGE,
  type SnoozeResponse,
  snoozeBodySchema,
} from '@ledgerdesk/domain/api/snooze';
import { BULK_PERMISSION_DENIED } from '@ledgerdesk/domain/triage/item-update-messages';
import { snoozeTimeProblem } from '@ledgerdesk/domain/triage/snooze';
import { ARCHIVED_FOLDER_STATES } from '@ledgerdesk/domain/triage/view-criteria';
import type { FastifyInstance } from 'fastify';
import { type Tx, withUser } from '../../db/with-user';
import { badRequest, conflict, forbidden } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { itemsOwner } from '../access';
import {
  type LockedItem,
  lockOwnItems,
  type SnoozedItem,
  snoozeItems,
  unsnoozeItems,
} from './triage-repository';

/** Statuses of the main view an item may be snoozed from (and Scheduled itself, to change the time). */
const SNOOZABLE = new Set(['inbox', 'later', 'low_priority', 'scheduled']);

/** Locks the user's items of `ids`; answers 403 (nothing written) when any is not theirs. */
async function lockItems(tx: Tx, userId: string, ids: readonly string[]): Promise<LockedItem[]> {
  const rows = await lockOwnItems(tx, { ownerId: userId, ids });
  if (rows.length !== new Set(ids).size) throw forbidden(BULK_PERMISSION_DENIED);
  return rows;
}

function toResponse(rows: SnoozedItem[]): SnoozeResponse {
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status as SnoozeResponse['items'][number]['status'],
      isRead: row.isRead,
      snoozedUntil: row.snoozedUntil == null ? null : new Date(row.snoozedUntil).toISOString(),
    })),
  };
}

/** Snooze into Scheduled and back (domain api/snooze.ts describes the contract). */
export async function snoozeRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      path: SNOOZE_API.snooze,
      summary: 'Snooze items into Scheduled until a time.',
      auth: { action: 'snooze triage items' },
      body: snoozeBodySchema,
    },
    async ({ user, body }) => {
      const until = new Date(body.until);
      const problem = snoozeTimeProblem(until, app.clock.now());
      if (problem) throw badRequest(problem);
      return withUser(app.db, user.id, async (tx) => {
        // Items of a mailbox shared with the firm are snoozed as their owner's rows (decision 012).
        const owner = await itemsOwner(tx, user.id, body.ids);
        const rows = await lockItems(tx, owner, body.ids);
        const archived = new Set<string>(ARCHIVED_FOLDER_STATES);
        if (rows.some((row) => !SNOOZABLE.has(row.status) || archived.has(row.folderState ?? '')))
          throw conflict(SNOOZE_NOT_IN_TRIAGE);
        return toResponse(await snoozeItems(tx, { ownerId: owner, ids: body.ids, until }));
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: SNOOZE_API.unsnooze,
      summary: 'Bring snoozed items back to the inbox now.',
      auth: { action: 'unsnooze triage items' },
      body: itemIdsBodySchema,
    },
    async ({ user, body }) => {
      return withUser(app.db, user.id, async (tx) => {
        const owner = await itemsOwner(tx, user.id, body.ids);
        await lockItems(tx, owner, body.ids);
        return toResponse(await unsnoozeItems(tx, { ownerId: owner, ids: body.ids }));
      });
    },
  );
}
