import type { EmailIntegrationMetadata } from '@ledgerdesk/domain/entities';
import type { SyncCursorKey } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Free-form integration metadata (spec §3, the domain's type) plus the sync engine's cursors and window. */
export type IntegrationMetadata = EmailIntegrationMetadata &
  Partial<Record<SyncCursorKey, string | null>> & {
    sync_from_date?: string | null;
    initial_sync_days_back?: number | null;
  };

export const emailIntegrations = pgTable(
  'email_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'office365' | 'gmail' | 'imap'>().notNull(),
    emailAddress: text('email_address').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when the provider refused the refresh token (invalid_grant): only a reconnect helps. */
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    /** True when the mailbox lives in the local mail sandbox, not at Microsoft or Google. */
    isSandbox: boolean('is_sandbox').notNull().default(false),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** 'shared': a Microsoft 365 shared mailbox opened with the user's own sign-in (decision 024). */
    mailboxKind: text('mailbox_kind').$type<'personal' | 'shared'>().notNull().default('personal'),
    /** The signed-in user's own address whose tokens open a shared mailbox; null for a personal one. */
    signedInAs: text('signed_in_as'),
    /** When the tenant removed the user's access to the shared mailbox (needs_reconnect is set with it). */
    accessRemovedAt: timestamp('access_removed_at', { withTimezone: true }),
    /** AES-256-GCM ciphertext; never sent to a client. */
    accessToken: text('access_token'),
    /** AES-256-GCM ciphertext; never sent to a client. */
    refreshToken: text('refresh_token'),
    /** IMAP mailboxes: servers and login (`ImapAccount`), AES-256-GCM ciphertext; never sent to a client. */
    imapAccount: text('imap_account'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    scopes: text('scopes').array(),
    metadata: jsonb('metadata').$type<IntegrationMetadata>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('email_integrations_check_provider', sql`${t.provider} in ('office365', 'gmail', 'imap')`),
    check(
      'email_integrations_check_mailbox_kind',
      sql`${t.mailboxKind} in ('personal', 'shared') and (${t.mailboxKind} = 'personal' or ${t.provider} = 'office365')`,
    ),
    check(
      'email_integrations_check_signed_in_as',
      sql`(${t.mailboxKind} = 'shared') = (${t.signedInAs} is not null)`,
    ),
    uniqueIndex('email_integrations_user_mailbox_key').on(
      t.userId,
      t.provider,
      sql`lower(${t.emailAddress})`,
    ),
    index('email_integrations_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);
