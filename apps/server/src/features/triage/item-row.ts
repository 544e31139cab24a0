import type { TriageItemDto } from '@ledgerdesk/domain/api/triage';
import type { TriageItemMetadata, TriageStatus, TriageType } from '@ledgerdesk/domain/entities';
import { type SQL, sql } from 'drizzle-orm';

/** The columns of an item plus its notification source, for a `triage_items` row aliased `alias` and `ns`. */
export function itemColumns(alias: 't' | 'u' = 't'): SQL {
  return sql.raw(`${alias}.id, ${alias}.user_id, ${alias}.from_address, ${alias}.subject, ${alias}.time,
    ${alias}.type, ${alias}.is_read, ${alias}.avatar, ${alias}.status, ${alias}.email_message_id,
    ${alias}.email_integration_id, ${alias}.email_thread_id, ${alias}.notification_type,
    ${alias}.notification_source_id, ${alias}.metadata, ${alias}.preview_content, ${alias}.extracted_references,
    ${alias}.sync_priority, ${alias}.last_sync_attempt_at, ${alias}.sync_error_count, ${alias}.sync_error_message,
    ${alias}.updated_at, ${alias}.thread_key, ${alias}.snoozed_until, ns.source_type, ns.source_name, ns.priority as source_priority`);
}

/** The join that brings in the item's notification source (row-level security applies to it too). */
export function sourceJoin(alias: 't' | 'u' = 't'): SQL {
  return sql.raw(`left join notification_sources ns on ns.id = ${alias}.notification_source_id`);
}

export type ItemRow = {
  id: string;
  user_id: string;
  from_address: string | null;
  subject: string | null;
  time: Date | string;
  type: string;
  is_read: boolean;
  avatar: string | null;
  status: string;
  email_message_id: string | null;
  email_integration_id: string | null;
  email_thread_id: string | null;
  notification_type: string;
  notification_source_id: string | null;
  metadata: TriageItemMetadata | string | null;
  preview_content: string | null;
  extracted_references: string | null;
  sync_priority: number;
  last_sync_attempt_at: Date | string | null;
  sync_error_count: number;
  sync_error_message: string | null;
  updated_at: Date | string;
  thread_key: string;
  snoozed_until?: Date | string | null;
  source_type: string | null;
  source_name: string | null;
  source_priority: number | null;
};

function isoOf(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Stored references are text (a JSON array, or message ids separated by spaces or commas); the API sends a list. */
export function referencesOf(text: string | null): string[] | null {
  if (text == null || text.trim() === '') return null;
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.filter((entry): entry is string => typeof entry === 'string');
    } catch {
      // Not JSON after all: fall through to splitting.
    }
  }
  return trimmed.split(/[\s,]+/).filter(Boolean);
}

/** Maps a database row to the API's item shape. */
export function toItemDto(row: ItemRow): TriageItemDto {
  const metadata = typeof row.metadata === 'string' ? JSON.parse(row.metadata) : (row.metadata ?? {});
  return {
    id: row.id,
    userId: row.user_id,
    fromAddress: row.from_address ?? '',
    subject: row.subject ?? '',
    time: isoOf(row.time),
    type: row.type as TriageType,
    isRead: row.is_read,
    avatar: row.avatar,
    status: row.status as TriageStatus,
    emailMessageId: row.email_message_id,
    emailIntegrationId: row.email_integration_id,
    emailThreadId: row.email_thread_id,
    notificationType: row.notification_type,
    notificationSourceId: row.notification_source_id,
    metadata,
    previewContent: row.preview_content,
    extractedReferences: referencesOf(row.extracted_references),
    syncPriority: Number(row.sync_priority),
    lastSyncAttemptAt: row.last_sync_attempt_at == null ? null : isoOf(row.last_sync_attempt_at),
    syncErrorCount: Number(row.sync_error_count),
    syncErrorMessage: row.sync_error_message,
    updatedAt: isoOf(row.updated_at),
    snoozedUntil: row.snoozed_until == null ? null : isoOf(row.snoozed_until),
    notificationSource:
      row.source_name == null
        ? null
        : {
            sourceType: row.source_type ?? 'email',
            sourceName: row.source_name,
            priority: Number(row.source_priority ?? 0),
          },
  };
}
