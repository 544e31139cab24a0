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
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { type Tx, withUser } from '../../db/with-user';
import { badRequest, conflict, forbidden } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { itemsOwner } from '../firms/shared-scope';

/** Statuses of the main view an item may be snoozed from (and Scheduled itself, to change the time). */
const SNOOZABLE = new Set(['inbox', 'later', 'low_priority', 'scheduled']);

type LockedRow = { id: string; status: string; folder_state: string | null };
type ChangedRow = { id: string; status: string; is_read: boolean; snoozed_until: Date | string | null };

const idList = (ids: readonly string[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Locks the user's items of `ids`; answers 403 (nothing written) when any is not theirs. */
async function lockItems(tx: Tx, userId: string, ids: readonly string[]): Promise<LockedRow[]> {
  const result = await tx.execute(sql`
    select id, status, metadata->>'exchange_folder_state' as folder_state from triage_items
    where user_id = ${userId} and id in (${idList(ids)}) for update`);
  const rows = rowsOf<LockedRow>(result);
  if (rows.length !== new Set(ids).size) throw forbidden(BULK_PERMISSION_DENIED);
  return rows;
}

function toResponse(rows: ChangedRow[]): SnoozeResponse {
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status as SnoozeResponse['items'][number]['status'],
      isRead: row.is_read,
      snoozedUntil: row.snoozed_until == null ? null : new Date(row.snoozed_until).toISOString(),
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
        if (rows.some((row) => !SNOOZABLE.has(row.status) || archived.has(row.folder_state ?? '')))
          throw conflict(SNOOZE_NOT_IN_TRIAGE);
        const result = await tx.execute(sql`
        update triage_items set status = 'scheduled', snoozed_until = ${until.toISOString()}::timestamptz,
          updated_at = now()
        where user_id = ${owner} and id in (${idList(body.ids)})
        returning id, status, is_read, snoozed_until`);
        return toResponse(rowsOf<ChangedRow>(result));
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
        const result = await tx.execute(sql`
        update triage_items set status = 'inbox', snoozed_until = null, updated_at = now()
        where user_id = ${owner} and id in (${idList(body.ids)}) and status = 'scheduled'
        returning id, status, is_read, snoozed_until`);
        return toResponse(rowsOf<ChangedRow>(result));
      });
    },
  );
}
