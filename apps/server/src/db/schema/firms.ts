import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';

/** Firms and their members, invitations and shared mailboxes (migrations 0011, 0017; decision 012). Constraints, indexes and row-level security are in the SQL migrations. */
export const firms = pgTable('firms', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

export const firmMembers = pgTable('firm_members', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firmId: uuid('firm_id')
    .notNull()
    .references(() => firms.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  /** The member's @handle, unique within the firm (migration 0024). */
  handle: text('handle').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow().notNull(),
});

export const firmInvitations = pgTable('firm_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  firmId: uuid('firm_id')
    .notNull()
    .references(() => firms.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  invitedBy: text('invited_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

export const firmSharedMailboxes = pgTable('firm_shared_mailboxes', {
  emailIntegrationId: uuid('email_integration_id')
    .primaryKey()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  firmId: uuid('firm_id')
    .notNull()
    .references(() => firms.id, { onDelete: 'cascade' }),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailAddress: text('email_address').notNull(),
  provider: text('provider').notNull(),
  sharedAt: timestamp('shared_at', { withTimezone: true }).defaultNow().notNull(),
});
