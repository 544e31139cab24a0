import { bigint, boolean, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { triageItems } from './triage-items';

/** Rows the database maintains beside triage_items by trigger: search text (decision 016) and view counts (decision 007). Constraints, indexes and row-level security are in the SQL migrations. */
export const triageItemSearch = pgTable('triage_item_search', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => triageItems.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  emailIntegrationId: uuid('email_integration_id'),
  searchText: text('search_text').notNull(),
});

export const triageItemBuckets = pgTable(
  'triage_item_buckets',
  {
    userId: text('user_id').notNull(),
    mailboxId: uuid('mailbox_id').notNull(),
    status: text('status').notNull(),
    folderState: text('folder_state').notNull(),
    type: text('type').notNull(),
    isRead: boolean('is_read').notNull(),
    itemCount: bigint('item_count', { mode: 'number' }).notNull(),
    snoozed: boolean('snoozed').default(false).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'triage_item_buckets_pkey',
      columns: [
        table.userId,
        table.mailboxId,
        table.status,
        table.folderState,
        table.type,
        table.isRead,
        table.snoozed,
      ],
    }),
  ],
);
