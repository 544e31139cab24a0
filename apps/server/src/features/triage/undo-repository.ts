import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { mailboxChanges } from '../../db/schema/mailbox-changes';
import { triageActions } from '../../db/schema/triage-actions';
import type { ItemSnapshot, MailboxChangeOperation } from '../../mail';
import { type ItemRow, itemColumns, sourceJoin } from './item-row';

/**
 * The queries of Undo (decision 010): an action's record (`triage_actions`, what each item was), the mailbox changes
 * it queued (`mailbox_changes`) and the items put back. Inside `withUser`: row-level security shows the user's own
 * actions and changes.
 */

/** The previous state of each item an action changed, as `queue-changes.ts` recorded it. */
type Previous = ItemSnapshot[];

/** An action, locked until the transaction ends; null when the user has no action of that id. */
export async function findActionForUpdate(
  tx: DbOrTx,
  actionId: string,
): Promise<{ previous: Previous; createdAt: Date; undoneAt: Date | null } | null> {
  const [row] = await tx
    .select({
      previous: triageActions.previous,
      createdAt: triageActions.createdAt,
      undoneAt: triageActions.undoneAt,
    })
    .from(triageActions)
    .where(eq(triageActions.id, actionId))
    .for('update');
  return row ? { ...row, previous: row.previous as Previous } : null;
}

/** An action and the other parts of its bulk (`group_id`), the action first, then oldest first. */
export async function listActionParts(
  tx: DbOrTx,
  actionId: string,
): Promise<{ id: string; userId: string; previous: Previous }[]> {
  const rows = await tx
    .select({ id: triageActions.id, userId: triageActions.userId, previous: triageActions.previous })
    .from(triageActions)
    .where(or(eq(triageActions.id, actionId), eq(triageActions.groupId, actionId)))
    .orderBy(desc(sql`(${triageActions.id} = ${actionId})`), asc(triageActions.createdAt));
  return rows.map((row) => ({ ...row, previous: row.previous as Previous }));
}

/** Cancels the action's changes still queued: they never reach the mailbox. */
export async function cancelPendingChanges(tx: DbOrTx, actionId: string): Promise<void> {
  await tx
    .update(mailboxChanges)
    .set({ state: 'cancelled', settledAt: sql`now()` })
    .where(and(eq(mailboxChanges.actionId, actionId), eq(mailboxChanges.state, 'pending')));
}

export type ReachedChange = {
  itemId: string | null;
  integrationId: string;
  /** The item's current message id (a move may have changed it), else the one the change named. */
  messageId: string;
  operation: MailboxChangeOperation;
};

/** The action's changes already pushed (or being pushed) to the mailbox, newest first. */
export async function listReachedChanges(tx: DbOrTx, actionId: string): Promise<ReachedChange[]> {
  const result = await tx.execute(sql`
    select c.triage_item_id, c.email_integration_id, coalesce(t.email_message_id, c.email_message_id) as message_id,
      c.operation
    from mailbox_changes c left join triage_items t on t.id = c.triage_item_id
    where c.action_id = ${actionId} and c.state in ('pushing', 'done')
    order by c.id desc`);
  return rowsOf<{
    triage_item_id: string | null;
    email_integration_id: string;
    message_id: string;
    operation: MailboxChangeOperation;
  }>(result).map((row) => ({
    itemId: row.triage_item_id,
    integrationId: row.email_integration_id,
    messageId: row.message_id,
    operation: row.operation,
  }));
}

/** Puts the user's items back as `previous` says they were (status, read state, folder keys); answers them. */
export async function restoreItems(
  tx: DbOrTx,
  options: { userId: string; previous: Previous },
): Promise<ItemRow[]> {
  const restored = await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${JSON.stringify(options.previous)}::jsonb)
        as p(id uuid, status text, "isRead" boolean, folder jsonb, type text)
    ), u as (
      update triage_items t set
        status = p.status,
        is_read = p."isRead",
        -- A rule's Move to Notifications and Snooze are taken back too (issue 31).
        type = coalesce(p.type, t.type),
        snoozed_until = case when p.status = 'scheduled' then t.snoozed_until end,
        metadata = (t.metadata - 'mail_folder' - 'exchange_folder_state' - 'mailbox_change_failed'
            - case when p.type is null then '' else 'rule_type' end)
          || coalesce(p.folder, '{}'::jsonb),
        updated_at = now()
      from p where t.id = p.id and t.user_id = ${options.userId}
      returning t.*
    )
    select ${itemColumns('u')} from u ${sourceJoin('u')}
    order by u.time desc, u.id desc`);
  return rowsOf<ItemRow>(restored);
}

export async function markActionUndone(tx: DbOrTx, actionId: string): Promise<void> {
  await tx.update(triageActions).set({ undoneAt: sql`now()` }).where(eq(triageActions.id, actionId));
}
