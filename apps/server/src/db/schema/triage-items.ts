import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';
import { notificationSources } from './notification-sources';

export type TriageItemMetadata = {
  preview_content?: string | null;
  extracted_references?: string | null;
  exchange_folder_state?: string | null;
  assignee?: string | null;
  [key: string]: unknown;
};

export const triageItems = pgTable(
  'triage_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAddress: text('from_address'),
    subject: text('subject'),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    type: text('type').notNull().default('email'),
    isRead: boolean('is_read').notNull().default(false),
    avatar: text('avatar'),
    status: text('status').notNull().default('inbox'),
    emailMessageId: text('email_message_id'),
    emailIntegrationId: uuid('email_integration_id').references(() => emailIntegrations.id, {
      onDelete: 'cascade',
    }),
    emailThreadId: text('email_thread_id'),
    notificationType: text('notification_type').notNull().default('email'),
    notificationSourceId: uuid('notification_source_id').references(() => notificationSources.id, {
      onDelete: 'set null',
    }),
    metadata: jsonb('metadata').$type<TriageItemMetadata>().notNull().default({}),
    previewContent: text('preview_content'),
    extractedReferences: text('extracted_references'),
    syncPriority: integer('sync_priority').notNull().default(5),
    lastSyncAttemptAt: timestamp('last_sync_attempt_at', { withTimezone: true }),
    syncErrorCount: integer('sync_error_count').notNull().default(0),
    syncErrorMessage: text('sync_error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a snoozed (status 'scheduled') item returns to the inbox (migration 0008). */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /** Last time something raised the item like new mail (a snooze returning, a reminder firing). */
    raisedAt: timestamp('raised_at', { withTimezone: true }),
    /** Thread grouping key of spec §3: the thread id, or "single-" plus the item id. */
    threadKey: text('thread_key').generatedAlwaysAs(
      (): SQL => sql`coalesce(email_thread_id, 'single-' || id::text)`,
    ),
  },
  (t) => [
    check(
      'triage_items_check_status',
      sql`${t.status} in ('inbox', 'later', 'low_priority', 'scheduled', 'sent', 'cleared', 'drafts')`,
    ),
    check('triage_items_check_type', sql`${t.type} in ('email', 'mention', 'notification')`),
    check('triage_items_check_sync_priority', sql`${t.syncPriority} between 0 and 10`),
    uniqueIndex('triage_items_integration_message_key').on(t.emailIntegrationId, t.emailMessageId),
    index('triage_items_user_time_idx').on(t.userId, t.time.desc(), t.id.desc()),
    index('triage_items_thread_id_idx').on(t.emailThreadId),
  ],
);
