import type { Change, MailProvider } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import type { ResolvedChange } from './apply-changes';

/**
 * Turns a page's changes into known outcomes: a message that left a folder is looked up, so a move (to
 * another synced folder) updates its item instead of deleting and recreating it.
 */
export async function resolveChanges(
  provider: MailProvider,
  session: MailSession,
  changes: readonly Change[],
): Promise<ResolvedChange[]> {
  const removedIds = changes.filter((change) => change.kind === 'removed').map((change) => change.id);
  const current = removedIds.length > 0 ? await provider.lookupMessages(session, removedIds) : new Map();
  return changes.map((change): ResolvedChange => {
    if (change.kind === 'upsert') return change;
    if (change.kind === 'deleted') return { kind: 'delete', id: change.id };
    const message = current.get(change.id);
    return message ? { kind: 'upsert', message } : { kind: 'delete', id: change.id };
  });
}
