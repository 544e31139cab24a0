import crypto from 'node:crypto';
import { previewText } from '@ledgerdesk/domain/triage/preview-text';
import { formatAddress } from '../mime/address-list';
import type { SyncedMessage } from '../provider';
import { mentionsHandle } from './mention';
import { FOLDER_STATUS, type SyncFolder } from './sync-report';

export type RowContext = {
  userId: string;
  integrationId: string;
  handle: string | null;
  sourceId: string | null;
};

/** The triage columns and metadata keys the sync owns for one message (the user's own keys are left alone). */
export type SyncedRow = {
  folder: SyncFolder;
  fingerprint: string;
  columns: {
    fromAddress: string;
    subject: string;
    time: Date;
    type: 'email' | 'mention';
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
    type: mentionsHandle(message.bodyText, context.handle) ? 'mention' : 'email',
    isRead: message.isRead,
    emailThreadId: message.threadId,
    previewContent: preview,
    extractedReferences: references,
  };
  const metadata: Record<string, unknown> = {
    preview_content: preview,
    extracted_references: message.references,
    internet_message_id: message.internetMessageId,
    to: message.to.map(formatAddress),
    cc: message.cc.map(formatAddress),
    has_attachments: message.hasAttachments,
    mail_folder: message.folder,
  };
  const fingerprint = crypto
    .createHash('sha256')
    .update(JSON.stringify([columns, columns.time.toISOString(), metadata]))
    .digest('base64url');
  metadata.sync_fingerprint = fingerprint;
  return { folder: message.folder, fingerprint, columns, metadata };
}

/** The folder-state keys of a row in `folder`: Archive items carry exchange_folder_state 'archive'. */
export function folderStateMetadata(folder: SyncFolder): Record<string, unknown> {
  return folder === 'archive' ? { exchange_folder_state: 'archive' } : {};
}

/** The triage status a message gets when it arrives in (or moves to) `folder`. */
export function statusForFolder(folder: SyncFolder) {
  return FOLDER_STATUS[folder];
}
