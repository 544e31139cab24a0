import type { IntegrationResponse } from '@ledgerdesk/domain/api/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys, TRIAGE_QUERY_KEY } from './integration-keys';

/** Disconnect sets the integration inactive; reactivate sets it active again (spec §7). */
export async function setIntegrationActive(input: { integrationId: string; isActive: boolean }) {
  const action = input.isActive ? 'reactivate' : 'disconnect';
  const { integration } = await api<IntegrationResponse>(
    `/api/integrations/${encodeURIComponent(input.integrationId)}/${action}`,
    { method: 'POST' },
  );
  return integration;
}

export function useSetIntegrationActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setIntegrationActive,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
      ]);
    },
  });
}
