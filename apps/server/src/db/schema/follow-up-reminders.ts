import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';

/** "Remind me if no reply in…" after a send (migration 0008; settled by jobs/triage-timers.ts). */
export const followUpReminders = pgTable('follow_up_reminders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailIntegrationId: uuid('email_integration_id').references(() => emailIntegrations.id, {
    onDelete: 'cascade',
  }),
  emailThreadId: text('email_thread_id'),
  subject: text('subject').notNull().default(''),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  remindAt: timestamp('remind_at', { withTimezone: true }).notNull(),
  state: text('state').notNull().default('pending'),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
