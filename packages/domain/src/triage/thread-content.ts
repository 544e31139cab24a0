import type { EmailInThread, TriageItem } from '../entities';
import type { EmailFetchErrorCode } from '../mail/email-fetch-errors';
import type { ThreadLoadErrorCode } from '../mail/thread-load-errors';
import { parseSenderAddress } from './sender-address';

/** Whether an item can be fetched from a mailbox: it needs both a message id and an integration id. */
export function hasMailboxIds(item: Pick<TriageItem, 'emailMessageId' | 'emailIntegrationId'>): boolean {
  return Boolean(item.emailMessageId && item.emailIntegrationId);
}

/**
 * The email shown for an item that is not linked to a mailbox message (the "Basic Triage Item" case):
 * built from what the item stores, with the preview as a plain-text body and status available.
 */
export function fallbackEmail(
  item: Pick<
    TriageItem,
    'id' | 'subject' | 'fromAddress' | 'time' | 'isRead' | 'previewContent' | 'metadata'
  >,
): EmailInThread {
  const preview = item.previewContent ?? item.metadata?.preview_content ?? '';
  return {
    id: item.id,
    subject: item.subject ?? '',
    from: parseSenderAddress(item.fromAddress),
    to: [],
    cc: [],
    bcc: [],
    receivedDateTime: item.time,
    body: { content: preview, contentType: 'text' },
    hasAttachments: false,
    attachments: [],
    isRead: item.isRead,
    status: 'available',
  };
}

const THREAD_CODE_BY_FETCH_CODE: Record<EmailFetchErrorCode, ThreadLoadErrorCode> = {
  NotLoggedIn: 'NotLoggedIn',
  EmailAccountExpired: 'TokenExpired',
  EmailIntegrationInactive: 'IntegrationInactive',
  EmailNotFound: 'EmailNotFound',
  RequestTimeout: 'Timeout',
  EmailIntegrationNotFound: 'ContentUnavailable',
  NoIntegration: 'ContentUnavailable',
  ProviderFetchFailed: 'Unknown',
  NetworkError: 'Unknown',
  Unknown: 'Unknown',
};

/** The "Failed to Load Thread" code for a thread whose messages all failed with this fetch error. */
export function threadLoadCodeForFetchError(code: EmailFetchErrorCode): ThreadLoadErrorCode {
  return THREAD_CODE_BY_FETCH_CODE[code];
}
