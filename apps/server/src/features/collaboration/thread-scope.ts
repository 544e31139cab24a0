import { COLLABORATION_TEXTS } from '@ledgerdesk/domain/api/collaboration';
import { mentionHandleOf } from '@ledgerdesk/domain/firm/mentions';
import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { threadOwner } from '../firms/shared-scope';

/** A thread the user can open, as collaboration needs it (decision 013). */
export type ThreadScope = {
  threadKey: string;
  /** Whose rows hold it: the user, or the owner of a mailbox shared with their firm. */
  ownerId: string;
  mailboxId: string | null;
  /** Its mailbox is shared with the firm: colleagues can be assigned and mentioned. */
  isShared: boolean;
  /** Its items (not the items pointing at it), newest first. */
  items: { id: string; status: string }[];
  head: { subject: string | null; fromAddress: string | null; preview: string | null };
};

/** The thread of `threadKey` as the user sees it; 404 with the thread-load text when they cannot. */
export async function resolveThread(tx: Tx, userId: string, threadKey: string): Promise<ThreadScope> {
  const ownerId = await threadOwner(tx, userId, threadKey);
  const rows = rowsOf<{
    id: string;
    status: string;
    subject: string | null;
    from_address: string | null;
    preview_content: string | null;
    email_integration_id: string | null;
  }>(
    await tx.execute(sql`
      select t.id, t.status, t.subject, t.from_address, t.preview_content, t.email_integration_id
      from triage_items t
      where t.user_id = ${ownerId} and t.thread_key = ${threadKey} and not (t.metadata ? 'link')
      order by t.time desc, t.id desc limit 500`),
  );
  const head = rows[0];
  if (!head) throw new AppError(404, 'EmailNotFound', COLLABORATION_TEXTS.threadNotFound);
  const mailboxId = rows.find((row) => row.email_integration_id)?.email_integration_id ?? null;
  const shared = mailboxId
    ? rowsOf(
        await tx.execute(sql`
          select 1 from ledgerdesk_shared_mailboxes()
          where integration_id = ${mailboxId}::uuid and owner_user_id = ${ownerId}`),
      ).length > 0
    : false;
  return {
    threadKey,
    ownerId,
    mailboxId,
    isShared: shared,
    items: rows.map((row) => ({ id: row.id, status: row.status })),
    head: { subject: head.subject, fromAddress: head.from_address, preview: head.preview_content },
  };
}

export type FirmMember = { userId: string; name: string; email: string; handle: string };

/** The members of the user's firm (none outside a firm), with the handle each is mentioned by. */
export async function firmMembers(tx: Tx): Promise<FirmMember[]> {
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
    name: displayName(row.full_name, row.email),
    email: row.email,
    handle: mentionHandleOf({ handle: row.handle, email: row.email }),
  }));
}

/** Puts an item pointing at the thread into a colleague's (or the user's own) triage; null outside the firm. */
export async function deliverLinkItem(
  tx: Tx,
  recipientId: string,
  type: 'email' | 'mention',
  scope: ThreadScope,
  content: { fromAddress: string | null; preview: string | null },
  metadata: Record<string, unknown>,
): Promise<string | null> {
  const result = await tx.execute(sql`
    select ledgerdesk_deliver_link_item(${recipientId}, ${type}, ${scope.threadKey}, ${scope.head.subject},
      ${content.fromAddress}, ${content.preview}, ${JSON.stringify(metadata)}::jsonb) as id`);
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}
