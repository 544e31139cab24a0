import { eq, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';
import type { MailProvider, SyncedMessage } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import { isProviderError } from '../core/transport/provider-error';
import type { ApplyCounts } from '../sync/apply-changes';
import { applyLookups } from '../sync/apply-lookups';
import type { RowContext } from '../sync/triage-values';
import type { HeldItem } from './find-gaps';

/** Triage's items of one integration: provider id, folder and time. */
export async function loadHeldItems(ctx: IntegrationCtx, integrationId: string): Promise<HeldItem[]> {
  const rows = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .select({
        messageId: triageItems.emailMessageId,
        folder: sql<string | null>`${triageItems.metadata}->>'mail_folder'`,
        time: triageItems.time,
      })
      .from(triageItems)
      .where(eq(triageItems.emailIntegrationId, integrationId)),
  );
  return rows.flatMap((row) => (row.messageId ? [{ ...row, messageId: row.messageId }] : []));
}

/**
 * Looks the ids up at the provider and files the answers through the sync's own write path (applyLookups):
 * a message in a synced folder is inserted or updated, one gone or outside them deletes its item. Answers the
 * write counts.
 */
export async function healGaps(
  ctx: IntegrationCtx,
  provider: MailProvider,
  session: MailSession,
  context: RowContext,
  ids: readonly string[],
): Promise<ApplyCounts> {
  return applyLookups(ctx, context, ids, {
    lookUp: (chunk) => lookUp(provider, session, chunk),
    seenAt: null,
    // The provider refused these ids even one by one: left for the next run.
    isUnansweredSkipped: true,
  });
}

/**
 * A batch lookup; when the provider refuses the batch as a bad request (one malformed id poisons it), the ids
 * are looked up one by one and those it still refuses are left out of the answer.
 */
async function lookUp(
  provider: MailProvider,
  session: MailSession,
  ids: readonly string[],
): Promise<Map<string, SyncedMessage | null>> {
  try {
    return await provider.lookupMessages(session, ids);
  } catch (error) {
    if (!isProviderError(error, 'bad_request', 'bad_response')) throw error;
    if (ids.length === 1) return new Map();
  }
  const found = new Map<string, SyncedMessage | null>();
  for (const id of ids) {
    try {
      const one = await provider.lookupMessages(session, [id]);
      if (one.has(id)) found.set(id, one.get(id) ?? null);
    } catch (error) {
      if (!isProviderError(error, 'bad_request', 'bad_response')) throw error;
    }
  }
  return found;
}
