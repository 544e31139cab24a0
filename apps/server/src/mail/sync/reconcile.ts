import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../integrations/integration-store';
import { mergeIntegrationMetadata } from '../integrations/integration-store';
import type { MailProvider, SyncStream } from '../provider';
import type { MailSession } from '../session/mail-session';
import { type ApplyCounts, applyChanges, type ResolvedChange } from './apply-changes';
import { type ListingMarker, markerKey } from './listing-marker';
import type { RowContext } from './triage-values';

const CHUNK = 100;

/**
 * After a full listing: items of the stream's folders (inside the listed window) that the listing did not
 * stamp are looked up — gone ones are deleted (e.g. deleted while a cursor had expired), moved ones updated.
 */
export async function reconcileListing(
  ctx: IntegrationCtx,
  provider: MailProvider,
  session: MailSession,
  context: RowContext,
  stream: SyncStream,
  marker: ListingMarker,
): Promise<ApplyCounts> {
  const total: ApplyCounts = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    failed: 0,
    failureMessage: null,
  };
  const startedAt = new Date(marker.started_at);
  const stale = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .select({ messageId: triageItems.emailMessageId })
      .from(triageItems)
      .where(
        and(
          eq(triageItems.emailIntegrationId, context.integrationId),
          inArray(sql<string>`${triageItems.metadata}->>'mail_folder'`, stream.folders),
          or(isNull(triageItems.lastSyncAttemptAt), lt(triageItems.lastSyncAttemptAt, startedAt)),
          gte(triageItems.time, new Date(marker.since)),
        ),
      ),
  );
  const ids = stale.map((row) => row.messageId).filter((id): id is string => Boolean(id));
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const current = await provider.lookupMessages(session, chunk);
    const changes = chunk.map((id): ResolvedChange => {
      const message = current.get(id);
      return message ? { kind: 'upsert', message } : { kind: 'delete', id };
    });
    const counts = await withUser(ctx.deps.db, ctx.userId, (tx) =>
      applyChanges(tx, context, changes, startedAt),
    );
    total.inserted += counts.inserted;
    total.updated += counts.updated;
    total.unchanged += counts.unchanged;
    total.deleted += counts.deleted;
    total.failed += counts.failed;
    total.failureMessage ??= counts.failureMessage;
  }
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    mergeIntegrationMetadata(tx, context.integrationId, { [markerKey(stream)]: null }),
  );
  return total;
}
