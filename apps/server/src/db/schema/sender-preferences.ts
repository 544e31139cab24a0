import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Each user's Email / Notifications choice per sender (migration 0013; decision 014). Constraints, indexes and row-level security are in the SQL migrations. */
export const senderPreferences = pgTable(
  'sender_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    kind: text('kind').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ name: 'sender_preferences_pkey', columns: [table.userId, table.address] })],
);
