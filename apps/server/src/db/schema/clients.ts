import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';
import { firms } from './firms';

/** Client organisations and contacts, and threads filed to work items (migration 0014; decision 015). Constraints, indexes and row-level security are in the SQL migrations. */
export const clientOrganisations = pgTable('client_organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  domains: text('domains').array().default([]).notNull(),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

export const clientContacts = pgTable('client_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id').references(() => clientOrganisations.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

export const workItemThreads = pgTable('work_item_threads', {
  id: uuid('id').primaryKey().defaultRandom(),
  workItemId: text('work_item_id').notNull(),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailIntegrationId: uuid('email_integration_id').references(() => emailIntegrations.id, {
    onDelete: 'cascade',
  }),
  threadKey: text('thread_key').notNull(),
  subject: text('subject').notNull(),
  filedBy: text('filed_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  filedAt: timestamp('filed_at', { withTimezone: true }).defaultNow().notNull(),
});
