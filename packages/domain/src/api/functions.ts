// Request and response shapes of the spec §7 server functions (POST /api/functions/{name}), shared by the
// server (validation) and the web app (types). Snake_case and camelCase keys follow the spec table.
import { z } from 'zod';
import {
  INITIAL_SYNC_DAYS_BACK,
  MANUAL_SYNC_DAYS_BACK,
  OFFICE365_SYNC_BATCH_SIZE,
  OFFICE365_SYNC_MAX_EMAILS,
  OTHER_SYNC_BATCH_SIZE,
  OTHER_SYNC_MAX_EMAILS,
  RESET_DAYS_BACK,
  RESET_MAX_EMAILS,
} from '../constants';
import type { EmailAddress, EmailAttachment, EmailBody, EmailStatus } from '../entities';
import { HOLD_SECONDS_MAX } from './outgoing-endpoints';
import { safeString } from './safe-string';

const id = safeString().trim().min(1).max(500);
const uuid = z.uuid();
const daysBack = z.int().min(1).max(365);
const RECIPIENT_MAX = 500;

export const FUNCTION_NAMES = [
  'gmail-auth',
  'office365-auth',
  'refresh-email-token',
  'initialize-sync-config',
  'fetch-gmail-content',
  'fetch-office365-content',
  'fetch-email-content',
  'archive-email',
  'unarchive-email',
  'send-office365-email',
  'sync-office365-emails',
  'sync-emails',
  'enhanced-full-resync-emails',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** gmail-auth / office365-auth: get the provider's authorization URL, or redeem the code it sent back. */
export const oauthFunctionSchema = z.union([
  z.strictObject({
    action: z.literal('get-auth-url'),
    redirectUri: safeString().pipe(z.url()),
    /** Office 365 only: the shared mailbox to open with this sign-in (decision 024), checked in words by the server. */
    sharedMailbox: safeString().max(400).optional(),
  }),
  z.strictObject({
    action: z.literal('exchange-code').optional(),
    code: safeString().min(1).max(4096),
    redirectUri: safeString().pipe(z.url()),
    state: safeString().min(1).max(500).optional(),
  }),
]);
export type OAuthFunctionInput = z.infer<typeof oauthFunctionSchema>;
export type AuthUrlResponse = { authUrl: string };
export type ExchangeCodeResponse = { integrationId: string; emailAddress: string };

export const integrationIdSchema = z.strictObject({ integrationId: uuid });
export type RefreshEmailTokenResponse = {
  success: true;
  integrationId: string;
  tokenExpiresAt: string | null;
};

export const initializeSyncConfigSchema = z.strictObject({
  integrationId: uuid,
  syncFromDate: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  initialSyncDaysBack: daysBack.default(INITIAL_SYNC_DAYS_BACK),
});
export type InitializeSyncConfigResponse = SyncCounters & {
  success: boolean;
  message: string;
  syncFromDate: string;
};

export const fetchContentSchema = z.strictObject({ email_message_id: id, email_integration_id: uuid });
export type FetchContentInput = z.infer<typeof fetchContentSchema>;

/** The email object of the fetch-*-content functions. */
export type EmailContentResponse = {
  id: string;
  subject: string;
  from: EmailAddress;
  toRecipients: EmailAddress[];
  ccRecipients: EmailAddress[];
  bccRecipients: EmailAddress[];
  receivedDateTime: string;
  body: EmailBody;
  hasAttachments: boolean;
  attachments: EmailAttachment[];
  isRead: boolean;
  status: EmailStatus;
};

export const moveMessageSchema = z.strictObject({ messageId: id, integrationId: uuid });
export type MoveMessageResponse = { success: true; newMessageId?: string; oldMessageId?: string };

const recipients = z.array(safeString().trim().min(1).max(320)).max(RECIPIENT_MAX);

export const sendEmailSchema = z.strictObject({
  to: recipients.min(1),
  cc: recipients.default([]),
  subject: safeString().trim().min(1).max(998),
  body: safeString().max(2_000_000),
  triageItemId: uuid.nullish(),
  replyType: z.enum(['new', 'reply', 'replyAll']).default('new'),
  threadId: id.nullish(),
  originalMessageId: id.nullish(),
  /** Which mailbox sends; default: the triage item's mailbox, else the first active Office 365 one. */
  integrationId: uuid.nullish(),
  /** "Remind me if no reply in…": when the thread returns to the inbox unless someone else writes first. */
  followUpAt: z.iso.datetime({ offset: true }).nullish(),
  /**
   * Undo send: hold the message this many seconds before it goes to the provider (0 or absent: send now). The
   * answer then carries `outgoingId` (for POST /api/outgoing/:id/cancel) and `sendAt`.
   */
  holdSeconds: z
    .int('holdSeconds must be a whole number of seconds.')
    .min(0, 'holdSeconds must be between 0 and 30.')
    .max(HOLD_SECONDS_MAX, 'holdSeconds must be between 0 and 30.')
    .optional(),
});
export type SendEmailInput = z.input<typeof sendEmailSchema>;
export type SendEmailResponse = {
  success: true;
  sentFrom: string;
  /** Only for a held message (holdSeconds > 0). */
  outgoingId?: string;
  sendAt?: string;
};

export type SyncCounters = {
  newEmails: number;
  updatedEmails: number;
  totalProcessed: number;
  duplicates: number;
  criticalErrors: number;
  expectedErrors: number;
  dateRange: { from: string; to: string };
  daysBack: number;
};

export const syncOffice365Schema = z.strictObject({
  integrationId: uuid,
  daysBack: daysBack.default(MANUAL_SYNC_DAYS_BACK),
  batchSize: z.int().min(1).max(1000).default(OFFICE365_SYNC_BATCH_SIZE),
  maxEmails: z.int().min(1).max(100_000).default(OFFICE365_SYNC_MAX_EMAILS),
  bidirectional: z.boolean().default(true),
});
export type SyncOffice365Response = SyncCounters & { success: boolean; message: string };

export const syncEmailsSchema = z.strictObject({
  integrationId: uuid,
  daysBack: daysBack.default(MANUAL_SYNC_DAYS_BACK),
  batchSize: z.int().min(1).max(1000).default(OTHER_SYNC_BATCH_SIZE),
  maxEmails: z.int().min(1).max(100_000).default(OTHER_SYNC_MAX_EMAILS),
  includeRead: z.boolean().default(false),
  includeSent: z.boolean().default(false),
});
export type SyncEmailsResponse = SyncCounters & { success: boolean; message: string; synced: number };

export const resetFoldersSchema = z.strictObject({
  inbox: z.boolean(),
  sent: z.boolean(),
  archive: z.boolean(),
});

export const enhancedFullResyncSchema = z.strictObject({
  integrationId: uuid,
  daysBack: daysBack.default(RESET_DAYS_BACK),
  maxEmails: z.int().min(1).max(10_000).default(RESET_MAX_EMAILS),
  resetMode: z.enum(['complete', 'folders']).default('complete'),
  includeFolders: resetFoldersSchema
    .default({ inbox: true, sent: true, archive: true })
    .refine((folders) => folders.inbox || folders.sent || folders.archive, {
      message: 'Please select at least one folder',
    }),
});
export type EnhancedFullResyncResponse = {
  success: boolean;
  error: string | null;
  updated: number;
  created: number;
  conflicts: number;
  errors: number;
  foldersProcessed: { inbox: number; sent: number; archive: number };
};
