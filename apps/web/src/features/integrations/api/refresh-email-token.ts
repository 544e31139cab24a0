import type { RefreshEmailTokenResponse } from '@ledgerdesk/domain/api/functions';
import { callFunction } from './call-function';

/** Refreshes one integration's provider token on the server. */
export function refreshEmailToken(integrationId: string): Promise<RefreshEmailTokenResponse> {
  return callFunction<RefreshEmailTokenResponse>('refresh-email-token', { integrationId });
}
