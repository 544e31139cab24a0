import { COLLABORATION_TEXTS } from '@ledgerdesk/domain/api/collaboration';
import { mentionHandleOf } from '@ledgerdesk/domain/firm/mentions';
import { displayName } from '@ledgerdesk/domain/shell/display-name';
import type { Tx } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { isMailboxSharedWithFirm, listFirmMembers, listThreadItems } from './access-repository';
import { threadOwner } from './shared-scope';

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
  const rows = await listThreadItems(tx, { ownerId, threadKey });
  const head = rows[0];
  if (!head) throw new AppError(404, 'EmailNotFound', COLLABORATION_TEXTS.threadNotFound);
  const mailboxId = rows.find((row) => row.emailIntegrationId)?.emailIntegrationId ?? null;
  const shared = mailboxId ? await isMailboxSharedWithFirm(tx, { mailboxId, ownerId }) : false;
  return {
    threadKey,
    ownerId,
    mailboxId,
    isShared: shared,
    items: rows.map((row) => ({ id: row.id, status: row.status })),
    head: { subject: head.subject, fromAddress: head.fromAddress, preview: head.previewContent },
  };
}

export type FirmMember = { userId: string; name: string; email: string; handle: string };

/** The members of the user's firm (none outside a firm), with the handle each is mentioned by. */
export async function firmMembers(tx: Tx): Promise<FirmMember[]> {
  return (await listFirmMembers(tx)).map((row) => ({
    userId: row.userId,
    name: displayName(row.fullName, row.email),
    email: row.email,
    handle: mentionHandleOf({ handle: row.handle, email: row.email }),
  }));
}
