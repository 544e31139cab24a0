import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { triageItems } from '../../db/schema/triage-items';

/**
 * The reads that say which thread a user can open and who is in their firm (decision 013). Inside `withUser`:
 * row-level security shows only threads the user can see.
 */

/** A thread as its data owner's rows name it. */
export type ThreadRef = { ownerId: string; threadKey: string };

export type ThreadItemRow = {
  id: string;
  status: string;
  subject: string | null;
  fromAddress: string | null;
  previewContent: string | null;
  emailIntegrationId: string | null;
};

/** A thread's own items (not the items pointing at it), newest first, at most 500. */
export async function listThreadItems(tx: DbOrTx, thread: ThreadRef): Promise<ThreadItemRow[]> {
  return tx
    .select({
      id: triageItems.id,
      status: triageItems.status,
      subject: triageItems.subject,
      fromAddress: triageItems.fromAddress,
      previewContent: triageItems.previewContent,
      emailIntegrationId: triageItems.emailIntegrationId,
    })
    .from(triageItems)
    .where(
      and(
        eq(triageItems.userId, thread.ownerId),
        eq(triageItems.threadKey, thread.threadKey),
        sql`not (${triageItems.metadata} ? 'link')`,
      ),
    )
    .orderBy(desc(triageItems.time), desc(triageItems.id))
    .limit(500);
}

/** Whether `mailboxId` of `ownerId` is shared with the user's firm. */
export async function isMailboxSharedWithFirm(
  tx: DbOrTx,
  options: { mailboxId: string; ownerId: string },
): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from ledgerdesk_shared_mailboxes()
    where integration_id = ${options.mailboxId}::uuid and owner_user_id = ${options.ownerId}`);
  return rowsOf(result).length > 0;
}

export type FirmMemberRow = { userId: string; fullName: string | null; email: string; handle: string | null };

/** The members of the user's firm (none outside a firm), with their names and handles as definer functions reveal them. */
export async function listFirmMembers(tx: DbOrTx): Promise<FirmMemberRow[]> {
  const rows = rowsOf<{ user_id: string; full_name: string | null; email: string; handle: string | null }>(
    await tx.execute(sql`
      select m.user_id, n.full_name, u.email, h.handle
      from firm_members m
      join users u on u.id = m.user_id
      left join ledgerdesk_firm_member_handles() h on h.user_id = m.user_id
      left join ledgerdesk_firm_member_names() n on n.user_id = m.user_id
      where m.firm_id = ledgerdesk_current_firm_id()`),
  );
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    email: row.email,
    handle: row.handle,
  }));
}
