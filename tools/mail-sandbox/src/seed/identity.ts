import type { Mailbox } from '../store/types';
import type { Address } from '../util/address';
import type { IdSource } from '../util/ids';
import { gmailId, graphConversationId, graphImmutableId, graphMessageId } from '../util/ids';

export type ThreadIdentity = { threadId: string };
export type MessageIdentity = {
  id: string;
  immutableId: string;
  threadId: string;
  internetMessageId: string;
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Graph conversations get their own id; a Gmail thread takes the id of its first message. */
export function threadIdentity(ctx: { mailbox: Mailbox; ids: IdSource }): ThreadIdentity {
  return { threadId: ctx.mailbox.provider === 'office365' ? graphConversationId(ctx.ids) : '' };
}

export function messageIdentity(
  ctx: { mailbox: Mailbox; ids: IdSource },
  thread: ThreadIdentity,
  isFirst: boolean,
  sender: Address,
  at: number,
): MessageIdentity {
  const internetMessageId = newInternetMessageId(ctx.ids, sender.address);
  if (ctx.mailbox.provider === 'gmail') {
    const id = gmailId(ctx.ids, at);
    if (isFirst || thread.threadId === '') thread.threadId = id;
    return { id, immutableId: id, threadId: thread.threadId, internetMessageId };
  }
  return {
    id: graphMessageId(ctx.ids),
    immutableId: graphImmutableId(ctx.ids),
    threadId: thread.threadId,
    internetMessageId,
  };
}

export function newInternetMessageId(ids: IdSource, senderAddress: string): string {
  const domain = senderAddress.split('@')[1] ?? 'sandbox.test';
  return `<${ids(ALNUM, 24)}.${ids(ALNUM, 8)}@${domain}>`;
}
