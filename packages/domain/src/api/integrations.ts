// Wire shapes of the integrations API (/api/integrations, /api/notification-sources): the bodies the
// server validates and the DTOs both sides read. Tokens never appear in any of them.
import { z } from 'zod';
import type { EmailIntegration, NotificationSource, Provider, ResetScope } from '../entities';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../http/unsafe-text';
import type { LiveUpdatesDto } from '../integrations/live-updates';
import type { SharedMailboxDto } from '../integrations/shared-mailbox';
import { safeString } from './safe-string';

/**
 * Where a mailbox's reconciliation stands (decision 021): never run, asked for and waiting, running, last run
 * completed, or last run failed (the counts then are the last completed run's, if any).
 */
export type VerificationState = 'never' | 'queued' | 'running' | 'done' | 'failed';

/** The last reconciliation of a mailbox with its provider, for Email Integration. */
export type MailboxVerificationDto = {
  state: VerificationState;
  /** When the last completed run finished; null before the first. */
  verifiedAt: string | null;
  /** Messages the provider held in the synced folders inside the sync window. */
  messageCount: number | null;
  /** Messages triage lacked: fetched and filed. */
  missingCount: number | null;
  /** Items triage held that the provider no longer had there: settled as a sync settles them. */
  extraCount: number | null;
  /** Why the last run failed, in words; null unless state is 'failed'. */
  error: string | null;
};

/** A mailbox never verified and not waiting for a run. */
export const NEVER_VERIFIED: MailboxVerificationDto = {
  state: 'never',
  verifiedAt: null,
  messageCount: null,
  missingCount: null,
  extraCount: null,
  error: null,
};

/** An integration as the browser sees it: public fields only, metadata without sync cursors. */
export type EmailIntegrationDto = Omit<EmailIntegration, 'userId'> & {
  /** The mailbox lives in the local mail sandbox, not at Microsoft or Google. */
  isSandbox: boolean;
  /** The provider refused the refresh token: only disconnecting and reconnecting helps. */
  needsReconnect: boolean;
  /** A Microsoft 365 shared mailbox opened with the user's own sign-in (decision 024); null for a personal one. */
  sharedMailbox: SharedMailboxDto | null;
  verification: MailboxVerificationDto;
  /** The mailbox's live updates (decision 021). */
  push: LiveUpdatesDto;
  /** An IMAP mailbox's server (decision 023; never its login); null or absent for the OAuth providers. */
  imap?: { host: string } | null;
};

/** POST /api/integrations/:id/verify: the verification as it stands once asked for. */
export type VerifyResponse = { verification: MailboxVerificationDto };

export type IntegrationListResponse = { integrations: EmailIntegrationDto[] };

/** A mail provider as this deployment offers it: set up at all, and whether it is the local mail sandbox. */
export type MailProviderOffer = { provider: Provider; isConfigured: boolean; isSandbox: boolean };
export type MailProvidersResponse = { providers: MailProviderOffer[] };
export type IntegrationResponse = { integration: EmailIntegrationDto };

/** The previous-reset card of the Enhanced Reset dialog, from the latest reset of the user's active rows. */
export type ResetInfo = {
  lastCompleteResetAt: string;
  resetScope: ResetScope | null;
  resetItemsCount: number | null;
};
export type ResetInfoResponse = { resetInfo: ResetInfo | null };

export type NotificationSourceDto = Omit<NotificationSource, 'userId'> & {
  createdAt: string;
  updatedAt: string;
};
export type NotificationSourceListResponse = { sources: NotificationSourceDto[] };
export type NotificationSourceResponse = { source: NotificationSourceDto };
export type MigrateSourcesResponse = { created: number };

export const SOURCE_NAME_MAX_LENGTH = 200;
export const SOURCE_TYPE_MAX_LENGTH = 50;
export const SOURCE_INTERVAL_MAX_MINUTES = 1440;
export const SOURCE_PRIORITY_MIN = 1;
export const SOURCE_PRIORITY_MAX = 10;
export const SOURCE_CONFIGURATION_MAX_BYTES = 4096;

/** A route's `:id`: integration and source ids are UUIDs. */
export const idParamsSchema = z.strictObject({ id: z.uuid('id must be a valid id.') });

const interval = z.int().min(1).max(SOURCE_INTERVAL_MAX_MINUTES);

const configurationSchema = z
  .record(safeString().max(100), z.unknown())
  .refine((value) => findUnsafeText(value) === null, UNSAFE_TEXT_MESSAGE)
  .refine((value) => JSON.stringify(value).length <= SOURCE_CONFIGURATION_MAX_BYTES, {
    message: `must be at most ${SOURCE_CONFIGURATION_MAX_BYTES} bytes of JSON`,
  });

const sourceFields = {
  sourceType: safeString().trim().min(1).max(SOURCE_TYPE_MAX_LENGTH),
  sourceName: safeString().trim().min(1, 'must not be empty').max(SOURCE_NAME_MAX_LENGTH),
  isActive: z.boolean(),
  syncEnabled: z.boolean(),
  syncIntervalMinutes: interval,
  peakHoursIntervalMinutes: interval,
  offPeakIntervalMinutes: interval,
  priority: z.int().min(SOURCE_PRIORITY_MIN).max(SOURCE_PRIORITY_MAX),
  configuration: configurationSchema,
};

/** Body of POST /api/notification-sources: a name is required, the rest falls back to the spec's defaults. */
export const createNotificationSourceSchema = z.strictObject({
  ...sourceFields,
  sourceType: sourceFields.sourceType.default('email'),
  isActive: sourceFields.isActive.optional(),
  syncEnabled: sourceFields.syncEnabled.optional(),
  syncIntervalMinutes: interval.optional(),
  peakHoursIntervalMinutes: interval.optional(),
  offPeakIntervalMinutes: interval.optional(),
  priority: sourceFields.priority.optional(),
  configuration: configurationSchema.optional(),
});
export type CreateNotificationSourceInput = z.infer<typeof createNotificationSourceSchema>;

/** Body of PATCH /api/notification-sources/:id: any subset of the fields, at least one. */
export const updateNotificationSourceSchema = z
  .strictObject({
    sourceType: sourceFields.sourceType.optional(),
    sourceName: sourceFields.sourceName.optional(),
    isActive: sourceFields.isActive.optional(),
    syncEnabled: sourceFields.syncEnabled.optional(),
    syncIntervalMinutes: interval.optional(),
    peakHoursIntervalMinutes: interval.optional(),
    offPeakIntervalMinutes: interval.optional(),
    priority: sourceFields.priority.optional(),
    configuration: configurationSchema.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update.' });
export type UpdateNotificationSourceInput = z.infer<typeof updateNotificationSourceSchema>;

/** Body of POST /api/notification-sources/:id/toggle: the new sync_enabled (omitted: flip it). */
export const toggleNotificationSourceSchema = z.strictObject({ syncEnabled: z.boolean().optional() });

/** Metadata keys that hold provider cursors or secrets and so stay on the server. */
const PRIVATE_METADATA_KEY = /token|cursor|secret|verifier|delta|history_id|link|pkce/i;

/** Integration metadata fit for the browser: every key except sync cursors and secrets. */
export function publicIntegrationMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !PRIVATE_METADATA_KEY.test(key)));
}
