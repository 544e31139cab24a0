import type { InitializeSyncConfigResponse } from '@ledgerdesk/domain/api/functions';
import { INITIAL_SYNC_DAYS_BACK } from '@ledgerdesk/domain/constants';
import { callFunction } from './call-function';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sets a new integration's sync start (30 days back) and runs its first sync. */
export function initializeSyncConfig(
  integrationId: string,
  now = new Date(),
): Promise<InitializeSyncConfigResponse> {
  return callFunction<InitializeSyncConfigResponse>('initialize-sync-config', {
    integrationId,
    syncFromDate: new Date(now.getTime() - INITIAL_SYNC_DAYS_BACK * DAY_MS).toISOString(),
    initialSyncDaysBack: INITIAL_SYNC_DAYS_BACK,
  });
}
