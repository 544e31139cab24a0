import { type CountsResponse, TRIAGE_API } from '@ledgerdesk/domain/api/triage';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { defineRoute } from '../../http/define-route';
import { countOwnItems, countSharedUnread } from './triage-repository';

/**
 * GET /api/triage/counts: unread badges for Triage (the main view), Later and Drafts, and every scheduled item
 * for Scheduled (decision 009 over spec §2: snoozed mail is usually read, and the badge says what is waiting), in
 * one query summed from the user's maintained item buckets (migration 0006) with the list's own view SQL.
 */
export async function triageCountsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      path: TRIAGE_API.counts,
      summary: 'Unread counts for the sidebar (shared mailboxes of the firm included).',
      auth: { action: 'view triage items' },
    },
    async ({ user }): Promise<CountsResponse> => {
      const [own, shared] = await withUser(app.db, user.id, async (tx) => {
        const own = await countOwnItems(tx, user.id);
        // Mailboxes shared with the user's firm: their owner's buckets, which row-level security lets a member read.
        const shared = await countSharedUnread(tx, user.id);
        return [own, shared] as const;
      });
      return { counts: { ...own, shared } };
    },
  );
}
