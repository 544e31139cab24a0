import type { MailboxVerificationDto } from '@ledgerdesk/domain/api/integrations';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailboxVerifications } from '../../db/schema/mailbox-push';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';

export type VerificationRow = typeof mailboxVerifications.$inferSelect;

/** A run that started this long ago without finishing died with its node: it no longer reads "running". */
const RUN_GIVEN_UP_MS = 60 * 60_000;

export type VerificationCounts = { messageCount: number; missingCount: number; extraCount: number };

/** How a mailbox's verification reads on Email Integration, from its row (null: never asked, never run). */
export function toVerificationDto(row: VerificationRow | null, now = new Date()): MailboxVerificationDto {
  const verifiedAt = row?.verifiedAt ?? null;
  const failedAt = row?.failedAt ?? null;
  const lastEnd = Math.max(verifiedAt?.getTime() ?? 0, failedAt?.getTime() ?? 0);
  const startedAt = row?.startedAt?.getTime() ?? 0;
  const isRunning = startedAt > lastEnd && now.getTime() - startedAt < RUN_GIVEN_UP_MS;
  const isQueued = Boolean(row?.requestedAt);
  const hasFailed = failedAt !== null && failedAt.getTime() >= (verifiedAt?.getTime() ?? 0);
  const state: MailboxVerificationDto['state'] = isRunning
    ? 'running'
    : isQueued
      ? 'queued'
      : hasFailed
        ? 'failed'
        : verifiedAt
          ? 'done'
          : 'never';
  return {
    state,
    verifiedAt: verifiedAt?.toISOString() ?? null,
    messageCount: row?.messageCount ?? null,
    missingCount: row?.missingCount ?? null,
    extraCount: row?.extraCount ?? null,
    error: state === 'failed' ? (row?.lastError ?? null) : null,
  };
}

/** How the caller's mailboxes' verifications read, by integration id (row-level security keeps to their own). */
export async function readVerifications(tx: DbOrTx): Promise<Map<string, MailboxVerificationDto>> {
  const rows = await tx.select().from(mailboxVerifications);
  const now = new Date();
  return new Map(rows.map((row) => [row.emailIntegrationId, toVerificationDto(row, now)]));
}

/** Asks for a verification at the next chance (Email Integration's "Verify now"); answers how it now reads. */
export async function requestVerification(
  tx: DbOrTx,
  options: { userId: string; integrationId: string; at: Date },
): Promise<MailboxVerificationDto> {
  const [row] = await tx
    .insert(mailboxVerifications)
    .values({
      emailIntegrationId: options.integrationId,
      userId: options.userId,
      requestedAt: options.at,
      updatedAt: options.at,
    })
    .onConflictDoUpdate({
      target: mailboxVerifications.emailIntegrationId,
      // A request already waiting keeps its place in the queue.
      set: {
        requestedAt: sql`coalesce(${mailboxVerifications.requestedAt}, excluded.requested_at)`,
        updatedAt: options.at,
      },
    })
    .returning();
  return toVerificationDto(row ?? null, options.at);
}

/** Whether a run ended after `since` and nobody has asked for another since. */
export async function isAnsweredSince(
  ctx: IntegrationCtx,
  integrationId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx.select().from(mailboxVerifications).where(eq(mailboxVerifications.emailIntegrationId, integrationId)),
  );
  if (!row || row.requestedAt) return false;
  const ended = Math.max(row.verifiedAt?.getTime() ?? 0, row.failedAt?.getTime() ?? 0);
  return ended > since.getTime();
}

/** A run has started (shown as "Verifying…" until it ends). */
export async function recordStarted(ctx: IntegrationCtx, integrationId: string, at: Date): Promise<void> {
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .insert(mailboxVerifications)
      .values({ emailIntegrationId: integrationId, userId: ctx.userId, startedAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: mailboxVerifications.emailIntegrationId,
        set: { startedAt: at, updatedAt: at },
      }),
  );
}

/**
 * A run has ended, verified (with its counts) or failed (with its reason in words). A request made before the
 * run started is answered by it; one made while it ran stays for the next round.
 */
export async function recordEnded(
  ctx: IntegrationCtx,
  integrationId: string,
  startedAt: Date,
  outcome: { counts: VerificationCounts } | { error: string },
): Promise<void> {
  const at = new Date();
  const requestedAt = sql`case when ${mailboxVerifications.requestedAt} <= ${startedAt.toISOString()}::timestamptz then null else ${mailboxVerifications.requestedAt} end`;
  const values =
    'counts' in outcome
      ? { verifiedAt: at, ...outcome.counts, lastError: null, failedAt: null }
      : { lastError: outcome.error, failedAt: at };
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .update(mailboxVerifications)
      .set({ ...values, requestedAt, updatedAt: at })
      .where(eq(mailboxVerifications.emailIntegrationId, integrationId)),
  );
}
