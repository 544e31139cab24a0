import type {
  SyncCounters,
  SyncEmailsResponse,
  SyncOffice365Response,
} from '@ledgerdesk/domain/api/functions';
import {
  MANUAL_SYNC_DAYS_BACK,
  OFFICE365_SYNC_BATCH_SIZE,
  OFFICE365_SYNC_MAX_EMAILS,
  OTHER_SYNC_BATCH_SIZE,
  OTHER_SYNC_INCLUDE_READ,
  OTHER_SYNC_INCLUDE_SENT,
  OTHER_SYNC_MAX_EMAILS,
} from '@ledgerdesk/domain/constants';
import type { Provider } from '@ledgerdesk/domain/entities';
import { callFunction } from './call-function';

export type SyncResult = SyncCounters & { success: boolean; message: string };

/**
 * The manual sync of one mailbox (spec §9): 7 days back; office365 through sync-office365-emails (batch 100,
 * max 260, bidirectional), other providers through sync-emails (batch 50, max 100, without read and sent).
 */
export function syncIntegration(
  integration: { id: string; provider: Provider },
  signal?: AbortSignal,
): Promise<SyncResult> {
  if (integration.provider === 'office365') {
    return callFunction<SyncOffice365Response>(
      'sync-office365-emails',
      {
        integrationId: integration.id,
        daysBack: MANUAL_SYNC_DAYS_BACK,
        batchSize: OFFICE365_SYNC_BATCH_SIZE,
        maxEmails: OFFICE365_SYNC_MAX_EMAILS,
        bidirectional: true,
      },
      undefined,
      signal,
    );
  }
  return callFunction<SyncEmailsResponse>(
    'sync-emails',
    {
      integrationId: integration.id,
      daysBack: MANUAL_SYNC_DAYS_BACK,
      batchSize: OTHER_SYNC_BATCH_SIZE,
      maxEmails: OTHER_SYNC_MAX_EMAILS,
      includeRead: OTHER_SYNC_INCLUDE_READ,
      includeSent: OTHER_SYNC_INCLUDE_SENT,
    },
    undefined,
    signal,
  );
}
