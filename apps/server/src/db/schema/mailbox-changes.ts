import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { emailIntegrations } from './email-integrations';
import { triageItems } from './triage-items';

/** The outbox of mailbox changes and the per-mailbox push leases (decisions 010, 020). Constraints, indexes and row-level security are in the SQL migrations. */
export const mailboxChanges = pgTable('mailbox_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id').notNull(),
  emailIntegrationId: uuid('email_integration_id')
    .notNull()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  triageItemId: uuid('triage_item_id').references(() => triageItems.id, { onDelete: 'set null' }),
  actionId: uuid('action_id'),
  emailMessageId: text('email_message_id').notNull(),
  operation: text('operation').notNull(),
  previous: jsonb('previous'),
  state: text('state').default('pending').notNull(),
  attempts: integer('attempts').default(0).notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }).defaultNow().notNull(),
  errorCode: text('error_code'),
  errorStatus: integer('error_status'),
  errorMessage: text('error_message'),
  pushedMessageId: text('pushed_message_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

export const mailboxChangeLeases = pgTable('mailbox_change_leases', {
  emailIntegrationId: uuid('email_integration_id')
    .primaryKey()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  holderLock: integer('holder_lock'),
});
