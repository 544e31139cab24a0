import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Triage actions kept for undo: each item's state before the action (migrations 0009, 0018). Constraints, indexes and row-level security are in the SQL migrations. */
export const triageActions = pgTable('triage_actions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  previous: jsonb('previous').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
  actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
  groupId: uuid('group_id'),
});
