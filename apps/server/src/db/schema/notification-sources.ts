import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export type NotificationSourceConfiguration = {
  provider?: 'office365' | 'gmail' | 'imap';
  integration_id?: string;
  last_migrated_at?: string;
  [key: string]: unknown;
};

export const notificationSources = pgTable(
  'notification_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceType: text('source_type').notNull().default('email'),
    sourceName: text('source_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    syncEnabled: boolean('sync_enabled').notNull().default(true),
    syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(1),
    peakHoursIntervalMinutes: integer('peak_hours_interval_minutes').notNull().default(1),
    offPeakIntervalMinutes: integer('off_peak_interval_minutes').notNull().default(3),
    priority: integer('priority').notNull().default(5),
    configuration: jsonb('configuration').$type<NotificationSourceConfiguration>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_sources_user_priority_idx').on(t.userId, t.priority.desc())],
);
