import { type SQL, sql } from 'drizzle-orm';

/** Items are numbered; a top-up continues after the last number so threads and times stay consistent. */
export type SeedRange = {
  from: number;
  count: number;
  /** Time of item 0 (ISO); item i is i × 37 s older. */
  newest: string;
};

/** The columns each caller fills its own way: SQL over the item number `i`. */
export type SeedTexts = {
  fromAddress: SQL;
  subject: SQL;
  previewContent: SQL;
  /** A uuid or null. */
  notificationSourceId: SQL;
};

/**
 * The bulk seed of triage items shared by the server's integration tests and the bench: one generate_series
 * insert for `userId`, to run as the app role (`withUser`) so row-level security checks it. The shape is fixed
 * here: ~half the items in threads of 2-6 (a few long threads spread over weeks), statuses 60% inbox / 8% later
 * / 8% low priority / 4% scheduled / 10% sent / 8% cleared / 2% drafts, 2% archived by folder state, types
 * 80/10/10 email/mention/notification, 30% unread, a reference on every tenth; `texts` give the words.
 */
export function seedTriageItemsStatement(userId: string, range: SeedRange, texts: SeedTexts): SQL {
  const prefix = userId.slice(0, 8);
  return sql`
    insert into triage_items (user_id, from_address, subject, time, type, is_read, status, email_message_id,
      email_thread_id, notification_source_id, metadata, preview_content, extracted_references, sync_priority)
    select ${userId},
      ${texts.fromAddress},
      ${texts.subject},
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
      ${texts.notificationSourceId},
      case
        when i % 50 = 5 then jsonb_build_object('exchange_folder_state', 'archive')
        when i % 11 = 0 then jsonb_build_object('assignee', 'user' || (i % 7), 'tags', jsonb_build_array('tag' || (i % 13)))
        else '{}'::jsonb end,
      ${texts.previewContent},
      case when i % 10 = 0 then 'REF-' || i else null end,
      5
    from generate_series(${range.from}::int, ${range.from + range.count - 1}::int) as i`;
}
