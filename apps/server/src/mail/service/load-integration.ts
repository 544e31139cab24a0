import { chooseSender } from '@ledgerdesk/domain/integrations/choose-sender';
import { ACCESS_REMOVED_NOTE } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { EMAIL_FETCH_ERRORS } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { emailIntegrations } from '../../db/schema/email-integrations';
import { triageItems } from '../../db/schema/triage-items';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { MailError } from '../core/errors';
import { findIntegration, type IntegrationCtx, type IntegrationRow } from '../core/integration-store';

/** The caller's integration, active and connected; otherwise the matching MailError. */
export async function loadActiveIntegration(
  ctx: IntegrationCtx,
  integrationId: string,
): Promise<IntegrationRow> {
  const integration = await findIntegration(ctx, integrationId);
  if (!integration) throw new MailError('integration_not_found', 'EmailIntegrationNotFound');
  if (!integration.isActive) throw new MailError('integration_inactive', 'EmailIntegrationInactive');
  if (integration.needsReconnect)
    throw new MailError(
      'reconnect_required',
      integration.accessRemovedAt ? ACCESS_REMOVED_NOTE : CONNECTION_EXPIRED_MESSAGE,
    );
  return integration;
}

export type SendTarget = {
  integration: IntegrationRow;
  /** Whose mailbox connection sends: the caller, or the owner of a mailbox shared with the caller's firm. */
  ownerId: string;
  /** The replied-to message and thread, when they belong to the sending mailbox. */
  originalMessageId: string | null;
  threadId: string | null;
};

/**
 * Which mailbox sends: the one asked for, else the triage item's, else the first active Office 365 one (the
 * compose rule of spec §5), else any active one. A reply keeps its original only within the same mailbox.
 */
export async function loadSendTarget(
  ctx: IntegrationCtx,
  input: {
    integrationId?: string | null;
    triageItemId?: string | null;
    originalMessageId?: string | null;
    threadId?: string | null;
  },
): Promise<SendTarget> {
  const item = input.triageItemId
    ? await withUser(ctx.deps.db, ctx.userId, async (tx) => {
        const [row] = await tx
          .select({
            integrationId: triageItems.emailIntegrationId,
            messageId: triageItems.emailMessageId,
            threadId: triageItems.emailThreadId,
          })
          .from(triageItems)
          .where(eq(triageItems.id, input.triageItemId ?? ''));
        return row ?? null;
      })
    : null;
  // A reply to an item the caller cannot see is refused, never sent as a new message from their mailbox.
  if (input.triageItemId && !item)
    throw new AppError(404, 'EmailNotFound', EMAIL_FETCH_ERRORS.EmailNotFound.description);
  const integrationId = input.integrationId ?? item?.integrationId ?? (await defaultSender(ctx));
  if (!integrationId) throw new MailError('account_not_connected', 'ACCOUNT_NOT_CONNECTED');
  // A reply from a mailbox shared with the caller's firm goes out through its owner's connection, on the server
  // (decision 012): the tokens never leave it, and the share is checked again at every send.
  const sharedOwner =
    item?.integrationId && integrationId === item.integrationId
      ? await sharedMailboxOwnerOf(ctx, integrationId)
      : null;
  const sender = sharedOwner ? { ...ctx, userId: sharedOwner } : ctx;
  const integration = await loadActiveIntegration(sender, integrationId);
  const isSameMailbox = !item || item.integrationId === integration.id;
  if (isSameMailbox) await refuseForeignReplyIds(sender, integration.id, input);
  return {
    integration,
    ownerId: sender.userId,
    originalMessageId: isSameMailbox ? (input.originalMessageId ?? item?.messageId ?? null) : null,
    threadId: isSameMailbox ? (input.threadId ?? item?.threadId ?? null) : null,
  };
}

/** The owner of `integrationId` when it is a mailbox shared with the caller's firm and not the caller's own. */
async function sharedMailboxOwnerOf(ctx: IntegrationCtx, integrationId: string): Promise<string | null> {
  const result = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx.execute(sql`
      select owner_user_id from ledgerdesk_shared_mailboxes()
      where integration_id = ${integrationId}::uuid and owner_user_id <> ${ctx.userId}`),
  );
  return rowsOf<{ owner_user_id: string }>(result)[0]?.owner_user_id ?? null;
}

/** A reply's message and thread ids must name mail of the caller's own sending mailbox (else 404). */
async function refuseForeignReplyIds(
  ctx: IntegrationCtx,
  integrationId: string,
  input: { originalMessageId?: string | null; threadId?: string | null },
): Promise<void> {
  const checks = [
    input.originalMessageId ? eq(triageItems.emailMessageId, input.originalMessageId) : null,
    input.threadId ? eq(triageItems.emailThreadId, input.threadId) : null,
  ];
  for (const check of checks) {
    if (!check) continue;
    const [row] = await withUser(ctx.deps.db, ctx.userId, (tx) =>
      tx
        .select({ id: triageItems.id })
        .from(triageItems)
        .where(and(eq(triageItems.emailIntegrationId, integrationId), check))
        .limit(1),
    );
    if (!row) throw new AppError(404, 'EmailNotFound', EMAIL_FETCH_ERRORS.EmailNotFound.description);
  }
}

async function defaultSender(ctx: IntegrationCtx): Promise<string | null> {
  const rows = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .select({
        id: emailIntegrations.id,
        provider: emailIntegrations.provider,
        isActive: emailIntegrations.isActive,
      })
      .from(emailIntegrations)
      .where(and(eq(emailIntegrations.isActive, true), eq(emailIntegrations.needsReconnect, false)))
      // A new message goes out from the user's own mailbox before a shared one ('personal' < 'shared').
      .orderBy(asc(emailIntegrations.mailboxKind), asc(emailIntegrations.createdAt)),
  );
  return chooseSender(rows)?.id ?? null;
}
