import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { unarchiveErrorMessage } from '@ledgerdesk/domain/mail/unarchive-errors';
import { ITEM_UPDATE_FALLBACK } from '@ledgerdesk/domain/triage/item-update-messages';
import type { ItemUpdatePlan } from '@ledgerdesk/domain/triage/plan-item-update';
import { AppError } from '../../http/app-error';
import {
  archiveMessage,
  type MailContext,
  setMessageReadState,
  unarchiveMessage,
} from '../../mail/mail-service';
import type { StoredItem } from './item-writes';

/**
 * Carries out a plan's mailbox operations in order. Provider refusals arrive as AppErrors with the spec's
 * texts and pass through; anything else becomes the operation's generic failure. Answers the message's new
 * id when the provider renumbered it (Graph gives a moved message a new id).
 */
export async function runMailboxOperations(
  ctx: MailContext,
  item: StoredItem,
  plan: ItemUpdatePlan,
): Promise<{ newMessageId?: string }> {
  const integrationId = item.emailIntegrationId;
  let messageId = item.emailMessageId;
  if (!integrationId || !messageId) return {};
  const originalId = messageId;
  for (const operation of plan.mailbox) {
    try {
      if (operation === 'read') {
        await setMessageReadState(ctx, { integrationId, messageId, isRead: plan.write.isRead === true });
      } else {
        const move = operation === 'archive' ? archiveMessage : unarchiveMessage;
        const moved = await move(ctx, { integrationId, messageId });
        if (moved.newMessageId) messageId = moved.newMessageId;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      ctx.deps.log.error({ err: error, operation, itemId: item.id }, 'mailbox operation failed');
      throw genericFailure(operation);
    }
  }
  return messageId !== originalId ? { newMessageId: messageId } : {};
}

function genericFailure(operation: 'read' | 'archive' | 'unarchive'): AppError {
  if (operation === 'archive') return new AppError(502, 'Unknown', ARCHIVE_ERRORS.Unknown.description);
  if (operation === 'unarchive')
    return new AppError(502, 'Unknown', unarchiveErrorMessage('Unknown').description);
  return new AppError(502, 'provider_error', ITEM_UPDATE_FALLBACK);
}
