import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { emailIntegrations } from './email-integrations';

/**
 * Which server process holds an IMAP mailbox's IDLE (decision 023): taken and renewed by definer
 * functions only (migration 0032, row-level security on and no policy for the app role).
 */
export const imapIdleLeases = pgTable('imap_idle_leases', {
  emailIntegrationId: uuid('email_integration_id')
    .primaryKey()
    .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
  nodeId: text('node_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).defaultNow().notNull(),
});
