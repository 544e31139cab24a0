import type { EmailIntegrationDto, NotificationSourceDto } from '@ledgerdesk/domain/api/integrations';
import {
  type MailboxVerificationDto,
  NEVER_VERIFIED,
  publicIntegrationMetadata,
} from '@ledgerdesk/domain/api/integrations';
import type { emailIntegrations } from '../../db/schema/email-integrations';
import type { mailboxPush } from '../../db/schema/mailbox-push';
import type { notificationSources } from '../../db/schema/notification-sources';
import { toLiveUpdatesDto } from './live-updates-dto';

export type IntegrationRow = typeof emailIntegrations.$inferSelect;
type SourceRow = typeof notificationSources.$inferSelect;

/** A mailbox's live-updates and verification rows, beside its integration row (decision 021). */
export type MailboxHealthRows = {
  push?: typeof mailboxPush.$inferSelect | undefined;
  /** Null or absent: never verified. */
  verification?: MailboxVerificationDto | null;
  /** This server runs with MAIL_PUSH=off: no mailbox gets live updates. */
  isPushOff?: boolean;
  /** How often a shared mailbox without live updates is polled (null: the round's interval; decision 028). */
  sharedPollSeconds?: number | null;
};

/**
 * The public view of an integration row: the token and IMAP login columns are never copied, cursors are
 * stripped; with its live updates and its last verification (and an IMAP mailbox's server name).
 */
export function toIntegrationDto(
  row: IntegrationRow,
  health: MailboxHealthRows = {},
  imapHost: string | null = null,
): EmailIntegrationDto {
  return {
    id: row.id,
    provider: row.provider,
    emailAddress: row.emailAddress,
    isActive: row.isActive,
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    scopes: row.scopes ?? null,
    isSandbox: row.isSandbox,
    needsReconnect: row.needsReconnect,
    sharedMailbox:
      row.mailboxKind === 'shared' && row.signedInAs
        ? { signedInAs: row.signedInAs, accessRemovedAt: row.accessRemovedAt?.toISOString() ?? null }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    metadata: publicIntegrationMetadata(row.metadata ?? {}),
    verification: health.verification ?? NEVER_VERIFIED,
    push: toLiveUpdatesDto(row, health.push, health.isPushOff, health.sharedPollSeconds ?? null),
    // An IMAP mailbox shows its server, never its login (decision 023).
    imap: row.provider === 'imap' ? { host: imapHost ?? '' } : null,
  };
}

/** A notification source row as the browser sees it (without the owner id). */
export function toSourceDto(row: SourceRow): NotificationSourceDto {
  return {
    id: row.id,
    sourceType: row.sourceType,
    sourceName: row.sourceName,
    isActive: row.isActive,
    syncEnabled: row.syncEnabled,
    syncIntervalMinutes: row.syncIntervalMinutes,
    peakHoursIntervalMinutes: row.peakHoursIntervalMinutes,
    offPeakIntervalMinutes: row.offPeakIntervalMinutes,
    priority: row.priority,
    configuration: row.configuration ?? {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
