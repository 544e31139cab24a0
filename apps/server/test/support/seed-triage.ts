import { seedTriageItemsStatement } from '@ledgerdesk/test-support/seed/triage-items';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';

/**
 * Fast seeding of triage items for integration tests. Rows go in as the app role through `withUser`, so
 * row-level security checks them like any request would.
 */

export type SeedItem = {
  id?: string;
  fromAddress?: string;
  subject?: string;
  time?: Date | string;
  type?: 'email' | 'mention' | 'notification';
  isRead?: boolean;
  status?: 'inbox' | 'later' | 'low_priority' | 'scheduled' | 'sent' | 'cleared' | 'drafts';
  emailMessageId?: string | null;
  emailIntegrationId?: string | null;
  emailThreadId?: string | null;
  notificationSourceId?: string | null;
  metadata?: Record<string, unknown>;
  previewContent?: string | null;
  extractedReferences?: string | null;
  syncPriority?: number;
};

/** Inserts items one statement for all; answers their ids in input order. */
export async function insertTriageItems(db: Db, userId: string, items: SeedItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = items.map((item, index) => ({
    id: item.id ?? null,
    from_address: item.fromAddress ?? `Sender ${index} <sender${index}@example.com>`,
    subject: item.subject ?? `Subject ${index}`,
    time: new Date(item.time ?? Date.now() - index * 60_000).toISOString(),
    type: item.type ?? 'email',
    is_read: item.isRead ?? false,
    status: item.status ?? 'inbox',
    email_message_id: item.emailMessageId ?? null,
    email_integration_id: item.emailIntegrationId ?? null,
    email_thread_id: item.emailThreadId ?? null,
    notification_source_id: item.notificationSourceId ?? null,
    metadata: item.metadata ?? {},
    preview_content: item.previewContent ?? null,
    extracted_references: item.extractedReferences ?? null,
    sync_priority: item.syncPriority ?? 5,
    ord: index,
  }));
  const result = await withUser(db, userId, (tx) =>
    tx.execute(sql`
      insert into triage_items (id, user_id, from_address, subject, time, type, is_read, status,
        email_message_id, email_integration_id, email_thread_id, notification_source_id, metadata,
        preview_content, extracted_references, sync_priority)
      select coalesce(r.id, gen_random_uuid()), ${userId}, r.from_address, r.subject, r.time, r.type, r.is_read,
        r.status, r.email_message_id, r.email_integration_id, r.email_thread_id, r.notification_source_id,
        r.metadata, r.preview_content, r.extracted_references, r.sync_priority
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, from_address text, subject text,
        time timestamptz, type text, is_read boolean, status text, email_message_id text,
        email_integration_id uuid, email_thread_id text, notification_source_id uuid, metadata jsonb,
        preview_content text, extracted_references text, sync_priority int, ord int)
      order by r.ord
      returning id`),
  );
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export type BulkSeedOptions = {
  count: number;
  /** Newest item time; items go back 37 s apart from here. */
  newest?: Date;
  /** Every 2,000th item (offset 7) carries this word in its subject: 50 matches per 100,000 items. */
  searchToken?: string;
};

/**
 * Seeds `count` realistic items (numbered from 1) in one insert, the shape of `seedTriageItemsStatement`
 * (packages/test-support), with these tests' senders, subjects and previews and no notification source.
 */
export async function seedTriageItems(db: Db, userId: string, options: BulkSeedOptions): Promise<void> {
  const newest = (options.newest ?? new Date()).toISOString();
  const token = options.searchToken ?? 'zetaquark';
  await withUser(db, userId, (tx) =>
    tx.execute(
      seedTriageItemsStatement(
        userId,
        { from: 1, count: options.count, newest },
        {
          fromAddress: sql`'Client ' || (i % 500) || ' <client' || (i % 500) || '@firm' || (i % 37) || '.example>'`,
          subject: sql`case when i % 2000 = 7 then 'Invoice ' || ${token} || ' ' || i
            else 'Quarterly update ' || i || ' for ' || (array['VAT','payroll','audit','budget','tax return'])[1 + i % 5] end`,
          previewContent: sql`'Hello, please find the figures for period ' || i || ' attached. Kind regards.'`,
          notificationSourceId: sql`null::uuid`,
        },
      ),
    ),
  );
}
