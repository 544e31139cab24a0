import type { Mailbox, StoredMessage } from '../store/types';
import { normalizeSubject } from '../util/text';

/**
 * Gmail's threading rule for sent mail: the message joins `threadId` only if that thread exists, one of
 * its messages is named in References/In-Reply-To, and the subjects match once Re:/Fwd: are stripped.
 */
export function threadToJoin(
  mailbox: Mailbox,
  threadId: string | undefined,
  referencedIds: readonly string[],
  subject: string,
): string | undefined {
  if (!threadId) return undefined;
  const thread = mailbox.threads.get(threadId);
  if (!thread) return undefined;
  const referenced = new Set(referencedIds);
  const normalized = normalizeSubject(subject);
  const matches = (message: StoredMessage): boolean =>
    referenced.has(message.internetMessageId) && normalizeSubject(message.subject) === normalized;
  for (const message of thread) if (matches(message)) return threadId;
  return undefined;
}

/** Message-IDs named in In-Reply-To and References headers. */
export function referencedMessageIds(
  inReplyTo: string | undefined,
  references: string | undefined,
): string[] {
  return `${inReplyTo ?? ''} ${references ?? ''}`.match(/<[^>]+>/g) ?? [];
}
