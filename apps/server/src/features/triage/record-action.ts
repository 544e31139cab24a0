// The undo record of a person's (or a rule's) action (decision 010): written in the transaction that changes the items,
// beside the mailbox changes the outbox queues for it (decision 010).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/with-user';
import type { ItemSnapshot } from '../../mail';

/** Who took an action on the owner's rows, and the first action of a bulk spread over several owners. */
export type ActionOrigin = { actorId?: string; groupId?: string | null };

/**
 * Records one user action (single or bulk) with the items' previous state; answers its id for Undo. The owner is
 * `userId`; a firm member acting on a shared mailbox is the actor (decision 012).
 */
export async function recordAction(
  tx: Tx,
  userId: string,
  previous: readonly ItemSnapshot[],
  origin: ActionOrigin = {},
): Promise<string> {
  const [id] = await recordActions(tx, userId, [previous], origin);
  if (!id) throw new Error('recording the action returned no id');
  return id;
}

/**
 * Records several actions of one owner at once (one statement: the rules' actions on a sync page, one per
 * message); answers their ids in the given order.
 */
export async function recordActions(
  tx: Tx,
  userId: string,
  records: readonly (readonly ItemSnapshot[])[],
  origin: ActionOrigin = {},
): Promise<string[]> {
  if (records.length === 0) return [];
  const ids = records.map(() => crypto.randomUUID());
  const payload = records.map((previous, index) => ({ id: ids[index], previous }));
  await tx.execute(sql`
    insert into triage_actions (id, user_id, previous, actor_id, group_id)
    select p.id, ${userId}, p.previous, ${origin.actorId ?? userId}, ${origin.groupId ?? null}::uuid
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as p(id uuid, previous jsonb)`);
  return ids;
}
