import type { CountsResponse } from '@ledgerdesk/domain/api/triage';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { rowsOf } from '../../db/migrate';
import { withUser } from '../../db/with-user';
import { tuneTransaction } from './find-thread-heads';
import { viewSql } from './item-filters-sql';

/**
 * GET /api/triage/counts: unread badges for Triage (the main view), Later, Scheduled and Drafts in one query.
 * Each count is its own index-only scan (migration 0002); one pass over all the user's rows costs far more.
 */
export async function triageCountsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/triage/counts', async (request): Promise<CountsResponse> => {
    const user = requireUser(request, 'view triage items');
    const unread = (view: 'inbox' | 'later' | 'scheduled' | 'drafts') =>
      sql`(select count(*)::int from triage_items t where t.user_id = ${user.id} and not t.is_read and ${viewSql(view, 't')})`;
    const result = await withUser(app.db, user.id, async (tx) => {
      await tuneTransaction(tx, { isIndexWalk: false });
      return tx.execute(sql`
        select ${unread('inbox')} as triage, ${unread('later')} as later,
          ${unread('scheduled')} as scheduled, ${unread('drafts')} as drafts`);
    });
    const row = rowsOf<Record<string, string | number>>(result)[0] ?? {};
    return {
      counts: {
        triage: Number(row.triage ?? 0),
        later: Number(row.later ?? 0),
        scheduled: Number(row.scheduled ?? 0),
        drafts: Number(row.drafts ?? 0),
      },
    };
  });
}
