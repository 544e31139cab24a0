/**
 * Notices for one user, on the realtime stream as `event: notice` (GET /api/events): something that happened
 * away from the request that caused it, shown as a toast wherever the user is.
 */
export const NOTICE_EVENT = 'notice';

/** The NOTIFY channel notices travel on between server nodes (payload: a UserNotice plus `userId`). */
export const USER_NOTICES_CHANNEL = 'ledgerdesk_user_notices';

/**
 * send-failed: a held message (undo send) the provider refused for good (spec §8 send texts).
 * mailbox-change-failed: a queued mailbox change the provider refused for good; its items were put back
 * (decision 010), `count` of them with this text, the first `itemIds`.
 */
export type UserNoticeKind = 'send-failed' | 'mailbox-change-failed';

export type UserNotice = {
  /** A UserNoticeKind; other kinds are shown the same way (title and description), so new ones need no client change. */
  kind: UserNoticeKind | (string & {});
  title: string;
  description: string;
  outgoingId?: string;
  count?: number;
  itemIds?: string[];
};

/** A notice from its JSON text (the SSE data, or the NOTIFY payload); null when it is not one. */
export function parseUserNotice(text: unknown): (UserNotice & { userId?: string }) | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (typeof value.kind !== 'string' || value.kind === '') return null;
    if (typeof value.title !== 'string' || typeof value.description !== 'string') return null;
    return {
      kind: value.kind,
      title: value.title,
      description: value.description,
      ...(typeof value.outgoingId === 'string' ? { outgoingId: value.outgoingId } : {}),
      ...(typeof value.count === 'number' ? { count: value.count } : {}),
      ...(Array.isArray(value.itemIds)
        ? { itemIds: value.itemIds.filter((id): id is string => typeof id === 'string') }
        : {}),
      ...(typeof value.userId === 'string' ? { userId: value.userId } : {}),
    };
  } catch {
    return null;
  }
}
