import { boolean, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';

/** Thread assignments (append-only history) and internal comments (migration 0012; decision 013). Constraints, indexes and row-level security are in the SQL migrations. */
export const threadAssignments = pgTable('thread_assignments', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailIntegrationId: uuid('email_integration_id').references(() => emailIntegrations.id, {
    onDelete: 'cascade',
  }),
  threadKey: text('thread_key').notNull(),
  assigneeUserId: text('assignee_user_id').references(() => users.id, { onDelete: 'cascade' }),
  assigneeName: text('assignee_name'),
  assignedBy: text('assigned_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  assignedByName: text('assigned_by_name').notNull(),
  todoDate: date('todo_date'),
  comment: text('comment'),
  cleared: boolean('cleared').default(false).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

export const threadComments = pgTable('thread_comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailIntegrationId: uuid('email_integration_id').references(() => emailIntegrations.id, {
    onDelete: 'cascade',
  }),
  threadKey: text('thread_key').notNull(),
  authorUserId: text('author_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  authorName: text('author_name').notNull(),
  body: text('body').notNull(),
  mentionedUserIds: text('mentioned_user_ids').array().default([]).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
});
