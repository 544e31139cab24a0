import type { IntegrationResponse } from '@ledgerdesk/domain/api/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys, TRIAGE_QUERY_KEY } from './integration-keys';

/** "Check Access Again" on a shared mailbox whose access was removed (decision 024); 409 in words while it still is. */
export async function checkSharedAccess(integrationId: string) {
  const { integration } = await api<IntegrationResponse>(
    `/api/integrations/${encodeURIComponent(integrationId)}/check-access`,
    { method: 'POST' },
  );
  return integration;
}

export function useCheckSharedAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkSharedAccess,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
      ]);
    },
  });
}
