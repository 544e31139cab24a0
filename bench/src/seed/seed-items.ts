import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import { rowsOf } from '../../../apps/server/src/db/rows-of';
import { withUser } from '../../../apps/server/src/db/with-user';

export type SeedRange = {
  /** Items are numbered; a top-up continues after the last number so threads and times stay consistent. */
  from: number;
  count: number;
  /** Time of item 0; item i is i × 37 s older. */
  newest: string;
};

/**
 * Direct SQL bulk seeding (one generate_series insert, as the app role under row-level security):
 * ~half the items in threads of 2-6 (a few long threads spread over weeks), statuses 60% inbox / 8% later /
 * 8% low priority / 4% scheduled / 10% sent / 8% cleared / 2% drafts, 2% of the rest archived by folder
 * state, types 80/10/10 email/mention/notification, 30% unread, realistic senders, subjects and previews,
 * and 80% linked to one of the user's two notification sources (the join of the original design).
 */
export async function seedItems(db: Db, userId: string, range: SeedRange): Promise<void> {
  const prefix = userId.slice(0, 8);
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
    await tx.execute(sql`
      insert into triage_items (user_id, from_address, subject, time, type, is_read, status, email_message_id,
        email_thread_id, notification_source_id, metadata, preview_content, extracted_references, sync_priority)
      select ${userId},
        (array['Dana Whitfield','Omar Haddad','Priya Nair','Lukas Brenner','Chloe Martin','Kenji Sato'])[1 + i % 6]
          || ' <client' || (i % 500) || '@firm' || (i % 37) || '.example>',
        (array['Re: ','','Fwd: ',''])[1 + i % 4] || (array['VAT return','Payroll run','Year-end audit',
          'Budget review','Tax return','Engagement letter','Invoice'])[1 + i % 7] || ' ' || (2020 + i % 6)
          || ' — ' || (array['Harbourline Ltd','Northgate & Co','Bluefin Partners','Oakridge Trust'])[1 + i % 4]
          || ' #' || i,
        ${range.newest}::timestamptz - (i * interval '37 seconds'),
        case when i % 10 = 3 then 'mention' when i % 10 = 6 then 'notification' else 'email' end,
        i % 10 >= 3,
        case
          when i % 50 < 30 then 'inbox' when i % 50 < 34 then 'later' when i % 50 < 38 then 'low_priority'
          when i % 50 < 40 then 'scheduled' when i % 50 < 45 then 'sent' when i % 50 < 49 then 'cleared'
          else 'drafts' end,
        ${prefix} || '-msg-' || i,
        case when i % 2 = 0 then null when i % 97 = 1 then ${prefix} || '-long-' || (i % 300)
          else ${prefix} || '-thr-' || (i / 6) end,
        case when i % 5 = 4 then null when i % 2 = 0 then ${first}::uuid else ${second}::uuid end,
        case
          when i % 50 = 5 then jsonb_build_object('exchange_folder_state', 'archive')
          when i % 11 = 0 then jsonb_build_object('assignee', 'user' || (i % 7), 'tags', jsonb_build_array('tag' || (i % 13)))
          else '{}'::jsonb end,
        'Hello, please find the figures for period ' || i || ' attached. Let me know if anything needs '
          || 'changing before we file. Kind regards.',
        case when i % 10 = 0 then 'REF-' || i else null end,
        5
      from generate_series(${range.from}::int, ${range.from + range.count - 1}::int) as i`);
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
