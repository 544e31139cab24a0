import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';

/** Held outgoing mail for undo send (migration 0010; sent by features/outgoing/outgoing-sender.ts). */
export const outgoingMail = pgTable('outgoing_mail', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailIntegrationId: uuid('email_integration_id')
    .notNull()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  to: jsonb('to_addresses').$type<string[]>().notNull(),
  cc: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  replyType: text('reply_type').$type<'new' | 'reply' | 'replyAll'>().notNull().default('new'),
  triageItemId: uuid('triage_item_id'),
  threadId: text('thread_id'),
  originalMessageId: text('original_message_id'),
  followUpAt: timestamp('follow_up_at', { withTimezone: true }),
  sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
  state: text('state').$type<'held' | 'sending' | 'sent' | 'failed'>().notNull().default('held'),
  attempts: integer('attempts').notNull().default(0),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Our identity of the message, fixed before its first attempt (migration 0036, decision 029). */
  sendId: uuid('send_id').notNull().defaultRandom(),
});
