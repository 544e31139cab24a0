import { SENDERS_API, type SenderChoiceResponse, senderChoiceSchema } from '@ledgerdesk/domain/api/senders';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { defineRoute } from '../../http/define-route';
import { retypeSenderItems, saveSenderChoice } from './triage-repository';

/**
 * A sender's mail to Email or Notifications (decision 014): the choice is stored for sync, and the user's own
 * items from that address are re-typed in the same transaction (a shared mailbox's items follow its owner's
 * choice, so a member's choice applies to their own mail).
 */
export async function senderRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      path: SENDERS_API.choose,
      summary:
        "Move a sender's mail to Notifications or back to Email (re-types their items; sync keeps to it).",
      auth: { action: 'update triage items' },
      body: senderChoiceSchema,
    },
    async ({ user, body: { address, kind } }): Promise<SenderChoiceResponse> => {
      return withUser(app.db, user.id, async (tx) => {
        const choice = { userId: user.id, address, kind };
        await saveSenderChoice(tx, choice);
        return { address, kind, updated: await retypeSenderItems(tx, choice) };
      });
    },
  );
}
