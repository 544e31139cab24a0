import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Recent attempts per key, counted across every server process (decision 030): written by the definer function
 * `ledgerdesk_take_attempt` only (migration 0035, row-level security on and no policy for the app role).
 */
export const attemptLimits = pgTable('attempt_limits', {
  key: text('key').primaryKey(),
  attempts: timestamp('attempts', { withTimezone: true }).array().default([]).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
