import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { rowsOf } from '../../db/migrate';
import { withUser } from '../../db/with-user';

/** GET /api/triage/counts: unread badges for Triage, Later, Scheduled and Drafts in one indexed pass. */
export async function triageCountsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/triage/counts', async (request) => {
    const user = requireUser(request, 'view triage items');
    const result = await withUser(app.db, user.id, (tx) =>
      tx.execute(sql`
        select
          count(*) filter (where status in ('inbox', 'later', 'low_priority', 'scheduled')
            and coalesce(metadata->>'exchange_folder_state', '') not in ('archive', 'archived')) as triage,
          count(*) filter (where status = 'later') as later,
          count(*) filter (where status = 'scheduled') as scheduled,
          count(*) filter (where status = 'drafts') as drafts
        from triage_items
        where user_id = ${user.id} and not is_read`),
    );
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
