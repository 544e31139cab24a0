import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';

/**
 * Whose rows a request works on. A user's own triage rows are theirs; the rows of a mailbox shared with their
 * firm stay its owner's (one sync, one item per message for the firm), so a member reads and acts on them
 * with the owner as the data owner — inside the member's own transaction, where row-level security shows
 * only their own rows and those of mailboxes shared with their firm (migration 0011).
 */

/** The owner of `mailboxId` when it is a mailbox shared with the user's firm and not the user's own; else null. */
export async function sharedMailboxOwner(tx: Tx, mailboxId: string | undefined): Promise<string | null> {
  if (!mailboxId || !/^[0-9a-f-]{36}$/i.test(mailboxId)) return null;
  const result = await tx.execute(sql`
    select owner_user_id from ledgerdesk_shared_mailboxes()
    where integration_id = ${mailboxId}::uuid and owner_user_id <> current_setting('app.user_id', true)`);
  return rowsOf<{ owner_user_id: string }>(result)[0]?.owner_user_id ?? null;
}

/** The data owner of a listing: the shared mailbox's owner for /triage/shared/{id}, else the user. */
export async function listingOwner(tx: Tx, userId: string, mailboxId: string | undefined): Promise<string> {
  return (await sharedMailboxOwner(tx, mailboxId)) ?? userId;
}

/**
 * The data owner of a thread: the user when any of its items is theirs (other than items pointing at it), else the owner of a mailbox shared
 * with the user's firm that holds it (each probe walks the (user_id, thread_key) index).
 */
export async function threadOwner(tx: Tx, userId: string, threadKey: string): Promise<string> {
  // An item that only points at the thread (an assignment or a mention, decision 013) does not make it the user's.
  const own = await tx.execute(
    sql`select 1 from triage_items t
      where t.user_id = ${userId} and t.thread_key = ${threadKey} and not (t.metadata ? 'link') limit 1`,
  );
  if (rowsOf(own).length > 0) return userId;
  const shared = await tx.execute(sql`
    select s.owner_user_id from ledgerdesk_shared_mailboxes() s
    where exists (select 1 from triage_items t
      where t.user_id = s.owner_user_id and t.thread_key = ${threadKey} and t.email_integration_id = s.integration_id)
    limit 1`);
  return rowsOf<{ owner_user_id: string }>(shared)[0]?.owner_user_id ?? userId;
}

export type ItemOwnership = { id: string; ownerId: string; isShared: boolean };

/**
 * Who owns each of `ids` and whether its mailbox is shared with the user's firm: only items row-level security
 * shows the user (their own, and those of mailboxes shared with their firm) are answered.
 */
export async function itemOwnership(tx: Tx, ids: readonly string[]): Promise<ItemOwnership[]> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return [];
  const result = await tx.execute(sql`
    select t.id, t.user_id,
      t.email_integration_id is not null and t.email_integration_id in (
        select integration_id from ledgerdesk_shared_mailboxes()) as is_shared
    from triage_items t
    where t.id in (${sql.join(
      uuids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rowsOf<{ id: string; user_id: string; is_shared: boolean }>(result).map((row) => ({
    id: row.id,
    ownerId: row.user_id,
    isShared: row.is_shared === true,
  }));
}

/**
 * The one data owner of `ids` (the user, or the owner of the shared mailbox holding them all); the user when the
 * ids are mixed or unknown, so the caller's own-rows check refuses them as before.
 */
export async function itemsOwner(tx: Tx, userId: string, ids: readonly string[]): Promise<string> {
  const owners = new Set((await itemOwnership(tx, ids)).map((item) => item.ownerId));
  const [only] = owners;
  return owners.size === 1 && only ? only : userId;
}
