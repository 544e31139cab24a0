import { eq, sql } from 'drizzle-orm';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import { isProviderError } from '../http/provider-error';
import type { IntegrationCtx } from '../integrations/integration-store';
import type { MailProvider, SyncedMessage } from '../provider';
import type { MailSession } from '../session/mail-session';
import { type ApplyCounts, applyChanges, type ResolvedChange } from '../sync/apply-changes';
import type { RowContext } from '../sync/triage-values';
import type { HeldItem } from './find-gaps';

const CHUNK = 100;

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
 * Looks the ids up at the provider and files the answers through the sync's own write path (applyChanges):
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
  const total: ApplyCounts = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    failed: 0,
    failureMessage: null,
  };
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const current = await lookUp(provider, session, chunk);
    const changes = chunk.flatMap((id): ResolvedChange[] => {
      if (!current.has(id)) return []; // the provider refused this one id: left for the next run
      const message = current.get(id);
      return [message ? { kind: 'upsert', message } : { kind: 'delete', id }];
    });
    const counts = await withUser(ctx.deps.db, ctx.userId, (tx) => applyChanges(tx, context, changes, null));
    total.inserted += counts.inserted;
    total.updated += counts.updated;
    total.unchanged += counts.unchanged;
    total.deleted += counts.deleted;
    total.failed += counts.failed;
    total.failureMessage ??= counts.failureMessage;
  }
  return total;
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
