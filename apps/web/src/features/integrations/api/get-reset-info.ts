import type { ResetInfo, ResetInfoResponse } from '@ledgerdesk/domain/api/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** The latest reset recorded on the user's active integrations, for the previous-reset card. */
export async function getResetInfo(): Promise<ResetInfo | null> {
  const { resetInfo } = await api<ResetInfoResponse>('/api/integrations/reset-info');
  return resetInfo;
}

export function resetInfoQueryOptions() {
  return queryOptions({ queryKey: integrationKeys.resetInfo(), queryFn: getResetInfo });
}

export function useResetInfo(enabled = true) {
  return useQuery({ ...resetInfoQueryOptions(), enabled });
}
