// The one writer of a connection's health: failures counted (and a notice raised), needs-reconnect and access
// removed, and their clearing after a good sync or a restored access.
import { and, eq, ne, sql } from 'drizzle-orm';
import { emailIntegrations } from '../../../db/schema/email-integrations';
import { triageItems } from '../../../db/schema/triage-items';
import { type Tx, withUser } from '../../../db/with-user';
import type { IntegrationCtx, IntegrationRow } from '../integration-store';
import { storableText } from '../storable-text';

/** Kinds of failure that get their own notification; one open notification per integration and kind. */
export type FailureKind = 'reconnect' | 'sync';

/** Transient sync failures notify only once they repeat, so one network blip does not alarm anybody. */
export const SYNC_FAILURES_BEFORE_NOTICE = 3;

export const SYSTEM_SENDER = 'Ledgerdesk';

/** "Sync failed for {mailbox}: {reason}". */
export function failureSubject(mailbox: string, reason: string): string {
  return `Sync failed for ${mailbox}: ${reason}`;
}

/**
 * Records a failed sync or token refresh on the integration (metadata sync_error_count and
 * sync_error_message) and raises one system notification in triage unless one for the same kind is open.
 */
export async function recordFailure(
  ctx: IntegrationCtx,
  integration: Pick<IntegrationRow, 'id' | 'emailAddress'>,
  kind: FailureKind,
  reason: string,
  patch: { needsReconnect?: boolean; accessRemovedAt?: Date; reconnectReason?: string } = {},
): Promise<void> {
  // The reason may quote the provider: it must be writable whatever was sent.
  const storableReason = storableText(reason).slice(0, 1000);
  await withUser(ctx.deps.db, ctx.userId, async (tx) => {
    const [row] = await tx
      .update(emailIntegrations)
      .set({
        ...(patch.needsReconnect ? { needsReconnect: true } : {}),
        ...(patch.accessRemovedAt ? { accessRemovedAt: patch.accessRemovedAt } : {}),
        metadata: sql`${emailIntegrations.metadata} || jsonb_build_object(
          'sync_error_count', coalesce((${emailIntegrations.metadata}->>'sync_error_count')::int, 0) + 1,
          'sync_error_message', ${storableReason}::text,
          'last_sync_error_at', now()) || ${
            patch.reconnectReason
              ? sql`jsonb_build_object('reconnect_reason', ${storableText(patch.reconnectReason)}::text)`
              : sql`'{}'::jsonb`
          }`,
        updatedAt: new Date(),
      })
      .where(eq(emailIntegrations.id, integration.id))
      .returning({ metadata: emailIntegrations.metadata });
    const count = Number(row?.metadata.sync_error_count ?? 1);
    if (kind === 'sync' && count < SYNC_FAILURES_BEFORE_NOTICE) return;
    await raiseNotice(tx, ctx.userId, integration, kind, storableReason);
  });
}

async function raiseNotice(
  tx: Tx,
  userId: string,
  integration: Pick<IntegrationRow, 'id' | 'emailAddress'>,
  kind: FailureKind,
  reason: string,
): Promise<void> {
  // Serialises concurrent failures of one integration so two processes cannot both insert a notice.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notice:${integration.id}`}, 0))`);
  const open = await tx
    .select({ id: triageItems.id })
    .from(triageItems)
    .where(
      and(
        eq(triageItems.emailIntegrationId, integration.id),
        eq(triageItems.type, 'notification'),
        eq(triageItems.notificationType, 'system'),
        ne(triageItems.status, 'cleared'),
        sql`${triageItems.metadata}->>'failure_kind' = ${kind}`,
      ),
    )
    .limit(1);
  if (open.length > 0) return;
  await tx.insert(triageItems).values({
    userId,
    fromAddress: SYSTEM_SENDER,
    subject: failureSubject(integration.emailAddress, reason),
    type: 'notification',
    notificationType: 'system',
    status: 'inbox',
    isRead: false,
    emailIntegrationId: integration.id,
    previewContent: reason,
    metadata: { failure_kind: kind, preview_content: reason },
  });
}

/** Clears the error counters after a successful sync. */
export async function clearFailures(tx: Tx, integrationId: string): Promise<void> {
  await tx
    .update(emailIntegrations)
    .set({
      metadata: sql`${emailIntegrations.metadata} || '{"sync_error_count": 0, "sync_error_message": null}'::jsonb`,
    })
    .where(
      and(
        eq(emailIntegrations.id, integrationId),
        sql`coalesce((${emailIntegrations.metadata}->>'sync_error_count')::int, 0) > 0`,
      ),
    );
}

/** A sync that completed: when it ran, and the error counters cleared. */
export async function recordSynced(tx: Tx, integrationId: string): Promise<void> {
  await tx
    .update(emailIntegrations)
    .set({ lastSyncAt: new Date() })
    .where(eq(emailIntegrations.id, integrationId));
  await clearFailures(tx, integrationId);
}

/** A shared mailbox the tenant gave back (decision 024): connected again, its failures cleared. */
export async function recordAccessRestored(tx: Tx, integrationId: string): Promise<void> {
  await tx
    .update(emailIntegrations)
    .set({ needsReconnect: false, accessRemovedAt: null, updatedAt: new Date() })
    .where(eq(emailIntegrations.id, integrationId));
  await clearFailures(tx, integrationId);
}
