import { SENDERS_API, type SenderChoiceResponse, senderChoiceSchema } from '@ledgerdesk/domain/api/senders';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { withUser } from '../../db/with-user';
import { defineRoute } from '../../http/define-route';

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
        await tx.execute(sql`
        insert into sender_preferences (user_id, address, kind) values (${user.id}, ${address}, ${kind})
        on conflict (user_id, address) do update set kind = excluded.kind, updated_at = now()`);
        const result = await tx.execute(sql`
        update triage_items t set type = ${kind},
          metadata = case when ${kind} = 'notification'
            then t.metadata || jsonb_build_object('notification_sender', t.from_address, 'automated_reason', 'your choice')
            else t.metadata - 'notification_sender' - 'automated_reason' end,
          updated_at = now()
        where t.user_id = ${user.id} and t.type <> 'mention' and t.type <> ${kind} and not (t.metadata ? 'link')
          and t.notification_type <> 'system'
          and lower(coalesce(substring(t.from_address from '<([^<>]*)>\\s*$'), trim(t.from_address))) = ${address}
        returning t.id`);
        return { address, kind, updated: rowsOf(result).length };
      });
    },
  );
}
