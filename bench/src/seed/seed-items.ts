import { type SeedRange, seedTriageItemsStatement } from '@ledgerdesk/test-support/seed/triage-items';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import { rowsOf } from '../../../apps/server/src/db/rows-of';
import { withUser } from '../../../apps/server/src/db/with-user';

/**
 * Direct SQL bulk seeding (the shape of `seedTriageItemsStatement` in packages/test-support, as the app role
 * under row-level security) with realistic senders, subjects and previews, and 80% of the items linked to one
 * of the user's two notification sources (the join of the original design).
 */
export async function seedItems(db: Db, userId: string, range: SeedRange): Promise<void> {
  await withUser(db, userId, async (tx) => {
    const sources = rowsOf<{ id: string }>(
      await tx.execute(
        sql`select id from notification_sources where user_id = ${userId} order by priority desc`,
      ),
    );
    let [first, second] = sources.map((source) => source.id);
    if (!first || !second) {
      const created = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into notification_sources (user_id, source_type, source_name, priority)
          values (${userId}, 'email', 'Work mailbox', 8), (${userId}, 'email', 'Personal mailbox', 7)
          returning id`),
      );
      [first, second] = created.map((source) => source.id);
    }
    await tx.execute(
      seedTriageItemsStatement(userId, range, {
        fromAddress: sql`(array['Dana Whitfield','Omar Haddad','Priya Nair','Lukas Brenner','Chloe Martin','Kenji Sato'])[1 + i % 6]
          || ' <client' || (i % 500) || '@firm' || (i % 37) || '.example>'`,
        subject: sql`(array['Re: ','','Fwd: ',''])[1 + i % 4] || (array['VAT return','Payroll run','Year-end audit',
          'Budget review','Tax return','Engagement letter','Invoice'])[1 + i % 7] || ' ' || (2020 + i % 6)
          || ' — ' || (array['Harbourline Ltd','Northgate & Co','Bluefin Partners','Oakridge Trust'])[1 + i % 4]
          || ' #' || i`,
        previewContent: sql`'Hello, please find the figures for period ' || i || ' attached. Let me know if anything needs '
          || 'changing before we file. Kind regards.'`,
        notificationSourceId: sql`case when i % 5 = 4 then null when i % 2 = 0 then ${first}::uuid else ${second}::uuid end`,
      }),
    );
  });
}

/**
 * Puts `token` in the extracted references of `matches` items of the main (inbox) view spread evenly over
 * it, newest first, so the search benchmark matches about the same number of items at every size.
 */
export async function markSearchMatches(
  db: Db,
  userId: string,
  token: string,
  matches: number,
): Promise<number> {
  const result = await withUser(db, userId, (tx) =>
    tx.execute(sql`
      with numbered as (
        select id, row_number() over (order by time desc, id desc) as n, count(*) over () as total
        from triage_items where user_id = ${userId}
          and status in ('inbox', 'later', 'low_priority', 'scheduled')
          and coalesce(metadata->>'exchange_folder_state', '') not in ('archive', 'archived'))
      update triage_items t set extracted_references = coalesce(t.extracted_references || ' ', '') || ${token}
      from numbered
      where t.id = numbered.id and numbered.n % greatest(1, numbered.total / ${matches}::int) = 1
        and numbered.n <= greatest(1, numbered.total / ${matches}::int) * ${matches}::int
      returning t.id`),
  );
  return rowsOf(result).length;
}
