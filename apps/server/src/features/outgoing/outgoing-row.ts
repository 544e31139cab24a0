import type { OutgoingMailDto } from '@ledgerdesk/domain/api/outgoing-endpoints';
import type { outgoingMail } from '../../db/schema/outgoing-mail';
import type { SendEmailInput } from '../../mail';

export type OutgoingRow = typeof outgoingMail.$inferSelect;

/** A held message as the web app gets it back (undo send puts it back in the composer). */
export function toOutgoingMailDto(row: OutgoingRow): OutgoingMailDto {
  return {
    integrationId: row.emailIntegrationId,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    body: row.body,
    replyType: row.replyType,
    triageItemId: row.triageItemId,
    threadId: row.threadId,
    originalMessageId: row.originalMessageId,
  };
}

/**
 * A held message as the mail layer sends it (absent ids left out rather than null), with its identity; a row
 * claimed before (attempts counts this claim too) may already have gone out (decision 029).
 */
export function toSendEmailInput(row: OutgoingRow): SendEmailInput {
  const { triageItemId, threadId, originalMessageId, integrationId, ...message } = toOutgoingMailDto(row);
  return {
    ...message,
    sendId: row.sendId,
    mayHaveBeenSent: row.attempts > 1,
    firstAttemptAfter: row.createdAt,
    ...(integrationId ? { integrationId } : {}),
    ...(triageItemId ? { triageItemId } : {}),
    ...(threadId ? { threadId } : {}),
    ...(originalMessageId ? { originalMessageId } : {}),
  };
}
