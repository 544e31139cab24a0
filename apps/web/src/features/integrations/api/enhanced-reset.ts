import type { EnhancedFullResyncResponse } from '@ledgerdesk/domain/api/functions';
import { RESET_DAYS_BACK, RESET_MAX_EMAILS } from '@ledgerdesk/domain/constants';
import type { ResetScope } from '@ledgerdesk/domain/entities';
import { callFunction } from './call-function';

/** Deletes the chosen folders' triage items of one mailbox and rebuilds them (30 days, at most 1,000 emails). */
export function enhancedFullResync(
  integrationId: string,
  folders: ResetScope,
): Promise<EnhancedFullResyncResponse> {
  return callFunction<EnhancedFullResyncResponse>('enhanced-full-resync-emails', {
    integrationId,
    daysBack: RESET_DAYS_BACK,
    maxEmails: RESET_MAX_EMAILS,
    resetMode: folders.inbox && folders.sent && folders.archive ? 'complete' : 'folders',
    includeFolders: folders,
  });
}
