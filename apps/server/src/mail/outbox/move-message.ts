// The spec's archive-email / unarchive-email functions through the outbox (decision 010): the move is stored with
// the item's folder state in one transaction, then the function waits briefly for the push so that a caller
// still gets the outcome (and newMessageId) in the answer when the provider is quick.
import type { TriageItemMetadata, TriageStatus } from '@ledgerdesk/domain/entities';
import type { ApiErrorCode } from '@ledgerdesk/domain/http/api-error';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { toArchiveError, toUnarchiveError } from '../core/error-mapping';
import type { IntegrationCtx } from '../core/integration-store';
import { loadActiveIntegration } from '../service/load-integration';
import type { MailboxOutbox } from './mailbox-outbox';
import { folderKeysOf } from './queue-changes';

/** How long the function waits for its change to reach the mailbox before answering "queued". */
export const MOVE_WAIT_MS = 10_000;
const POLL_MS = 25;

export type MoveAnswer = { newMessageId?: string; oldMessageId?: string; queued?: true };

type Settled = {
  state: string;
  pushed_message_id: string | null;
  error_code: string | null;
  error_status: number | null;
  error_message: string | null;
};

async function waitForChange(ctx: IntegrationCtx, changeId: string, waitMs: number): Promise<Settled | null> {
  const giveUp = Date.now() + waitMs;
  for (;;) {
    const [row] = rowsOf<Settled>(
      await withUser(ctx.deps.db, ctx.userId, (tx) =>
        tx.execute(sql`select state, pushed_message_id, error_code, error_status, error_message
          from mailbox_changes where id = ${changeId}::bigint`),
      ),
    );
    if (!row || !['pending', 'pushing'].includes(row.state)) return row ?? null;
    if (Date.now() > giveUp) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Queues the move of one message (its item, if synced, records the folder state at once and is put back if the
 * mailbox refuses), pushes it, and answers its outcome within MOVE_WAIT_MS: done (with the new id if the
 * provider renumbered the message), refused (the spec's AppError), or still queued.
 */
export async function moveMessage(
  ctx: IntegrationCtx & { outbox: MailboxOutbox },
  input: { integrationId: string; messageId: string },
  operation: 'archive' | 'unarchive',
): Promise<MoveAnswer> {
  try {
    return await queueAndWait(ctx, input, operation);
  } catch (error) {
    // Anything not already the spec's answer reads in the operation's words (spec §8).
    if (error instanceof AppError) throw error;
    throw operation === 'archive' ? toArchiveError(error) : toUnarchiveError(error);
  }
}

async function queueAndWait(
  ctx: IntegrationCtx & { outbox: MailboxOutbox },
  input: { integrationId: string; messageId: string },
  operation: 'archive' | 'unarchive',
): Promise<MoveAnswer> {
  await loadActiveIntegration(ctx, input.integrationId);
  const changeId = await withUser(ctx.deps.db, ctx.userId, async (tx) => {
    const [item] = rowsOf<{
      id: string;
      status: TriageStatus;
      is_read: boolean;
      metadata: TriageItemMetadata | null;
    }>(
      await tx.execute(sql`
        select id, status, is_read, metadata from triage_items
        where email_integration_id = ${input.integrationId} and email_message_id = ${input.messageId}
        for update`),
    );
    if (item) {
      await tx.execute(sql`
        update triage_items set updated_at = now(), metadata = ${
          operation === 'archive'
            ? sql`metadata || '{"exchange_folder_state": "archive"}'::jsonb`
            : sql`metadata - 'exchange_folder_state'`
        }
        where id = ${item.id}`);
    }
    const previous = item
      ? { status: item.status, isRead: item.is_read, folder: folderKeysOf(item.metadata) }
      : null;
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into mailbox_changes
          (user_id, email_integration_id, triage_item_id, email_message_id, operation, previous)
        values (${ctx.userId}, ${input.integrationId}, ${item?.id ?? null}, ${input.messageId}, ${operation},
          ${previous ? JSON.stringify(previous) : null}::jsonb)
        returning id::text as id`),
    );
    if (!row) throw new Error('queueing the move returned no id');
    return row.id;
  });
  ctx.outbox.kick(ctx.userId, [input.integrationId]);
  const settled = await waitForChange(ctx, changeId, MOVE_WAIT_MS);
  if (!settled) return { queued: true };
  if (settled.state === 'failed') {
    throw new AppError(
      settled.error_status ?? 502,
      (settled.error_code ?? 'Unknown') as ApiErrorCode,
      settled.error_message ?? 'The email provider refused this change.',
    );
  }
  const movedTo = settled.pushed_message_id;
  return movedTo && movedTo !== input.messageId
    ? { newMessageId: movedTo, oldMessageId: input.messageId }
    : {};
}
