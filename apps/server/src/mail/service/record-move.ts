import { and, eq, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';

/**
 * Notes on the triage item where its message now lives (and its new id, if the provider changed it), so the
 * next sync sees no folder move and leaves the item — and its identity — as it is.
 */
export async function recordMove(
  ctx: IntegrationCtx,
  input: { integrationId: string; oldId: string; newId: string; folder: 'inbox' | 'archive' },
): Promise<void> {
  const metadata =
    input.folder === 'archive'
      ? sql`${triageItems.metadata} || '{"mail_folder": "archive", "exchange_folder_state": "archive"}'::jsonb`
      : sql`(${triageItems.metadata} - 'exchange_folder_state') || '{"mail_folder": "inbox"}'::jsonb`;
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .update(triageItems)
      .set({ emailMessageId: input.newId, metadata, updatedAt: new Date() })
      .where(
        and(
          eq(triageItems.emailIntegrationId, input.integrationId),
          eq(triageItems.emailMessageId, input.oldId),
        ),
      ),
  );
}
