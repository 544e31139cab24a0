import { type CountsResponse, TRIAGE_API } from '@ledgerdesk/domain/api/triage';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { withUser } from '../../db/with-user';
import { defineRoute } from '../../http/define-route';
import { viewSql } from './item-filters-sql';

/**
 * GET /api/triage/counts: unread badges for Triage (the main view), Later and Drafts, and every scheduled item
 * for Scheduled (issue 14 over spec §2: snoozed mail is usually read, and the badge says what is waiting), in
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
      const unread = (view: 'inbox' | 'later' | 'drafts') =>
        sql`(select coalesce(sum(b.item_count), 0)::int from triage_item_buckets b
        where b.user_id = ${user.id} and not b.is_read and ${viewSql(view, 'b')})`;
      const scheduled = sql`(select coalesce(sum(b.item_count), 0)::int from triage_item_buckets b
        where b.user_id = ${user.id} and ${viewSql('scheduled', 'b')})`;
      const [result, sharedResult] = await withUser(app.db, user.id, async (tx) => {
        const own = await tx.execute(sql`
        select ${unread('inbox')} as triage, ${unread('later')} as later,
          ${scheduled} as scheduled, ${unread('drafts')} as drafts`);
        // Mailboxes shared with the user's firm: their owner's buckets, which row-level security lets a member read.
        const shared = await tx.execute(sql`
        select s.integration_id::text as mailbox_id, coalesce(sum(b.item_count), 0)::int as unread
        from ledgerdesk_shared_mailboxes() s
        left join triage_item_buckets b on b.user_id = s.owner_user_id
          and b.mailbox_id = s.integration_id and not b.is_read and ${viewSql('inbox', 'b')}
        where s.owner_user_id <> ${user.id}
        group by s.integration_id`);
        return [own, shared] as const;
      });
      const row = rowsOf<Record<string, string | number>>(result)[0] ?? {};
      const shared = Object.fromEntries(
        rowsOf<{ mailbox_id: string; unread: number | string }>(sharedResult).map((entry) => [
          entry.mailbox_id,
          Number(entry.unread),
        ]),
      );
      return {
        counts: {
          triage: Number(row.triage ?? 0),
          later: Number(row.later ?? 0),
          scheduled: Number(row.scheduled ?? 0),
          drafts: Number(row.drafts ?? 0),
          shared,
        },
      };
    },
  );
}
