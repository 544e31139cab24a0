import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';
import type { SyncedMessage } from '../core/provider';
import { type ApplyCounts, applyChanges, emptyApplyCounts, type ResolvedChange } from './apply-changes';
import type { RowContext } from './triage-values';

/** Ids looked up per provider call, and written per transaction. */
const CHUNK = 100;

/** A batch lookup at the provider: each id's message as it is now, null for one the mailbox no longer has. */
export type LookUp = (ids: readonly string[]) => Promise<Map<string, SyncedMessage | null>>;

export type ApplyLookupsOptions = {
  lookUp: LookUp;
  /** Stamps every written row (the listing sweep's mark), or null. */
  seenAt: Date | null;
  /** An id the lookup's answer leaves out is left for a later run instead of read as gone. */
  isUnansweredSkipped?: boolean;
};

/**
 * Looks `ids` up in chunks and files each chunk's answers through the sync's own write path (applyChanges, one
 * transaction per chunk): a message found is inserted or updated, one gone deletes its item. Answers the summed
 * write counts. Used by the sync's listing sweep and by reconciliation's healing, so both settle alike.
 */
export async function applyLookups(
  ctx: IntegrationCtx,
  context: RowContext,
  ids: readonly string[],
  options: ApplyLookupsOptions,
): Promise<ApplyCounts> {
  const total = emptyApplyCounts();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const current = await options.lookUp(chunk);
    const changes = chunk.flatMap((id): ResolvedChange[] => {
      if (options.isUnansweredSkipped && !current.has(id)) return [];
      const message = current.get(id);
      return [message ? { kind: 'upsert', message } : { kind: 'delete', id }];
    });
    const counts = await withUser(ctx.deps.db, ctx.userId, (tx) =>
      applyChanges(tx, context, changes, options.seenAt),
    );
    total.inserted += counts.inserted;
    total.updated += counts.updated;
    total.unchanged += counts.unchanged;
    total.deleted += counts.deleted;
    total.failed += counts.failed;
    total.failureMessage ??= counts.failureMessage;
  }
  return total;
}
