import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { emailIntegrations } from './email-integrations';

/** Live updates of one mailbox: its Graph subscription, Gmail watch or IMAP IDLE (decisions 021, 023). Checks, indexes and row-level security are in the SQL migration. */
export const mailboxPush = pgTable('mailbox_push', {
  emailIntegrationId: uuid('email_integration_id')
    .primaryKey()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  channel: text('channel').$type<'graph-subscription' | 'gmail-watch' | 'imap-idle'>().notNull(),
  state: text('state').$type<'pending' | 'live' | 'failing' | 'unavailable'>().default('pending').notNull(),
  subscriptionId: text('subscription_id'),
  clientStateHash: text('client_state_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  renewedAt: timestamp('renewed_at', { withTimezone: true }),
  failureCount: integer('failure_count').default(0).notNull(),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
  lastNotificationAt: timestamp('last_notification_at', { withTimezone: true }),
  notificationCount: bigint('notification_count', { mode: 'number' }).default(0).notNull(),
  rejectedCount: bigint('rejected_count', { mode: 'number' }).default(0).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Reconciliation of one mailbox against its provider (decision 021). */
export const mailboxVerifications = pgTable('mailbox_verifications', {
  emailIntegrationId: uuid('email_integration_id')
    .primaryKey()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  messageCount: integer('message_count'),
  missingCount: integer('missing_count'),
  extraCount: integer('extra_count'),
  lastError: text('last_error'),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
