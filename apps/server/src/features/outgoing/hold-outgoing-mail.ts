import type { SendEmailResponse } from '@ledgerdesk/domain/api/functions';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { checkSendTarget, type SendEmailInput } from '../../mail';
import { insertHeldMail } from './outgoing-repository';

export type HoldInput = SendEmailInput & { followUpAt: Date | null };

/**
 * Undo send: checks the message as a send would (mailbox, reply target), then keeps it for `holdSeconds`
 * instead of sending; the sender (features/outgoing/outgoing-sender.ts) hands it to the provider once due, on any node.
 */
export async function holdOutgoingMail(
  app: FastifyInstance,
  userId: string,
  input: HoldInput,
  holdSeconds: number,
): Promise<Required<SendEmailResponse>> {
  const { sentFrom, integrationId } = await checkSendTarget({ deps: app.mail, userId }, input);
  const sendAt = new Date(app.clock.now().getTime() + holdSeconds * 1000);
  const outgoingId = await withUser(app.db, userId, (tx) =>
    insertHeldMail(tx, {
      userId,
      emailIntegrationId: integrationId,
      to: input.to,
      cc: input.cc,
      subject: input.subject,
      body: input.body,
      replyType: input.replyType,
      triageItemId: input.triageItemId ?? null,
      threadId: input.threadId ?? null,
      originalMessageId: input.originalMessageId ?? null,
      followUpAt: input.followUpAt,
      sendAt,
    }),
  );
  if (!outgoingId) throw new Error('outgoing mail was not stored');
  return { success: true, sentFrom, outgoingId, sendAt: sendAt.toISOString() };
}
