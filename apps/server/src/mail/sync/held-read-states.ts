import { and, eq, inArray } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';
import type { RowContext } from './triage-values';

/**
 * The read state of the items holding these provider ids, for the adapter's incremental read (decision 039). An
 * item whose last write failed is left out, so the message is fetched again and the item repaired.
 */
export async function loadHeldReadStates(
  ctx: IntegrationCtx,
  context: RowContext,
  ids: readonly string[],
): Promise<ReadonlyMap<string, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .select({ messageId: triageItems.emailMessageId, isRead: triageItems.isRead })
      .from(triageItems)
      .where(
        and(
          eq(triageItems.emailIntegrationId, context.integrationId),
          inArray(triageItems.emailMessageId, [...ids]),
          eq(triageItems.syncErrorCount, 0),
        ),
      ),
  );
  return new Map(rows.flatMap((row) => (row.messageId ? [[row.messageId, row.isRead] as const] : [])));
}
