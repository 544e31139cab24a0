import crypto from 'node:crypto';
import { automationReason, NO_AUTOMATION_SIGNALS } from '@ledgerdesk/domain/triage/automated-mail';
import { previewText } from '@ledgerdesk/domain/triage/preview-text';
import type { FilingHook } from '../core/filing-hook';
import { formatAddress } from '../core/mime/address-list';
import type { SyncedMessage } from '../core/provider';
import { mentionsHandle } from './mention';
import { FOLDER_STATUS, type SyncFolder } from './sync-report';

export type RowContext = {
  userId: string;
  integrationId: string;
  handle: string | null;
  sourceId: string | null;
  /** The user's choice per sender address (lower-cased): Email or Notifications (decision 014). */
  senderKinds: ReadonlyMap<string, 'email' | 'notification'>;
  /** Files new rows further (rules); absent: rows are inserted as the sync maps them. */
  filing?: FilingHook | null;
};

/** The triage columns and metadata keys the sync owns for one message (the user's own keys are left alone). */
export type SyncedRow = {
  folder: SyncFolder;
  fingerprint: string;
  columns: {
    fromAddress: string;
    subject: string;
    time: Date;
    /** Absent: the provider did not say (headers not returned), so the stored type stays. */
    type?: 'email' | 'mention' | 'notification';
    isRead: boolean;
    emailThreadId: string | null;
    previewContent: string;
    extractedReferences: string | null;
  };
  metadata: Record<string, unknown>;
};

/** Maps a provider message (in one of the synced folders) to the triage row the sync writes. */
export function syncedRow(message: SyncedMessage & { folder: SyncFolder }, context: RowContext): SyncedRow {
  const preview = previewText(message.bodyText);
  const references =
    message.references.length > 0 ? message.references.map((id) => `<${id}>`).join(' ') : null;
  const columns: SyncedRow['columns'] = {
    fromAddress: formatAddress(message.from),
    subject: message.subject,
    time: new Date(message.receivedAt),
    isRead: message.isRead,
    emailThreadId: message.threadId,
    previewContent: preview,
    extractedReferences: references,
  };
  const kind = messageKind(message, context, columns.fromAddress);
  if (kind.type) columns.type = kind.type;
  const metadata: Record<string, unknown> = {
    preview_content: preview,
    extracted_references: message.references,
    internet_message_id: message.internetMessageId,
    to: message.to.map(formatAddress),
    cc: message.cc.map(formatAddress),
    has_attachments: message.hasAttachments,
    mail_folder: message.folder,
  };
  if (kind.type === 'notification') {
    // The Notifications tab names its sender as the notification's source.
    metadata.notification_sender = columns.fromAddress;
    metadata.automated_reason = kind.reason;
  }
  const fingerprint = fingerprintOf(columns, metadata);
  metadata.sync_fingerprint = fingerprint;
  return { folder: message.folder, fingerprint, columns, metadata };
}

function fingerprintOf(columns: SyncedRow['columns'], metadata: Record<string, unknown>): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([columns, columns.time.toISOString(), metadata]))
    .digest('base64url');
}

const READ_STATES = [false, true] as const;
const FOLDERS: readonly SyncFolder[] = ['inbox', 'sent', 'archive'];

/**
 * Whether a row already holds what the provider reports: its read state and folder as they are now (a triage
 * action sets both at once, before its change reaches the mailbox) and the rest as the sync last wrote it. The
 * stored fingerprint was taken with the read state and folder of that last write, so it is compared with the
 * message's fingerprint under each read state and folder; a message the action left as the row has it is then
 * written again by nothing (no UPDATE, no trigger, no second realtime event).
 */
export function rowHolds(
  row: { fingerprint: string | null; isRead: boolean; folder: string | null },
  synced: SyncedRow,
): boolean {
  if (row.fingerprint === synced.fingerprint) return true;
  if (row.fingerprint === null || row.isRead !== synced.columns.isRead || row.folder !== synced.folder)
    return false;
  const { sync_fingerprint: _, ...metadata } = synced.metadata;
  for (const isRead of READ_STATES)
    for (const folder of FOLDERS) {
      if (isRead === synced.columns.isRead && folder === synced.folder) continue;
      const columns = { ...synced.columns, isRead };
      if (fingerprintOf(columns, { ...metadata, mail_folder: folder }) === row.fingerprint) return true;
    }
  return false;
}

/**
 * A message's type: a mention of the user's @handle; else the user's choice for its sender; else automated mail
 * (list headers, Auto-Submitted, Precedence, no-reply senders) is a notification. Without the provider's headers
 * only the sender is judged, and a person's mail keeps the type it has.
 */
function messageKind(
  message: SyncedMessage,
  context: RowContext,
  fromAddress: string,
): { type: 'email' | 'mention' | 'notification' | undefined; reason: string | null } {
  if (mentionsHandle(message.bodyText, context.handle)) return { type: 'mention', reason: null };
  const chosen = message.from ? context.senderKinds.get(message.from.address.toLowerCase()) : undefined;
  if (chosen) return { type: chosen, reason: chosen === 'notification' ? 'your choice' : null };
  const reason = automationReason(message.automation ?? NO_AUTOMATION_SIGNALS, fromAddress);
  if (reason) return { type: 'notification', reason };
  return { type: message.automation ? 'email' : undefined, reason: null };
}

/** The folder-state keys of a row in `folder`: Archive items carry exchange_folder_state 'archive'. */
export function folderStateMetadata(folder: SyncFolder): Record<string, unknown> {
  return folder === 'archive' ? { exchange_folder_state: 'archive' } : {};
}

/** The triage status a message gets when it arrives in (or moves to) `folder`. */
export function statusForFolder(folder: SyncFolder) {
  return FOLDER_STATUS[folder];
}
