import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';
import { mergeIntegrationMetadata } from '../core/integration-store';
import type { MailProvider, SyncStream } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import type { ApplyCounts } from './apply-changes';
import { applyLookups } from './apply-lookups';
import { type ListingMarker, markerKey } from './listing-marker';
import type { RowContext } from './triage-values';

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
  const total = await applyLookups(ctx, context, ids, {
    lookUp: (chunk) => provider.lookupMessages(session, chunk),
    seenAt: startedAt,
  });
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    mergeIntegrationMetadata(tx, context.integrationId, { [markerKey(stream)]: null }),
  );
  return total;
}
