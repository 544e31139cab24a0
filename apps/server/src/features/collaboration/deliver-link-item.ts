import type { Tx } from '../../db/with-user';
import type { ThreadScope } from '../access';
import { insertLinkItem } from './collaboration-repository';

/** Puts an item pointing at the thread into a colleague's (or the user's own) triage; null outside the firm. */
export async function deliverLinkItem(
  tx: Tx,
  recipientId: string,
  type: 'email' | 'mention',
  scope: ThreadScope,
  content: { fromAddress: string | null; preview: string | null },
  metadata: Record<string, unknown>,
): Promise<string | null> {
  return insertLinkItem(tx, {
    recipientId,
    type,
    threadKey: scope.threadKey,
    subject: scope.head.subject,
    fromAddress: content.fromAddress,
    preview: content.preview,
    metadata,
  });
}
