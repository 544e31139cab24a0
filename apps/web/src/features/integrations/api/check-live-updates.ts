import type { IntegrationResponse } from '@ledgerdesk/domain/api/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** "Check again" on a shared mailbox whose live updates wait for the admin's consent (decision 028). */
export async function checkLiveUpdates(integrationId: string) {
  const { integration } = await api<IntegrationResponse>(
    `/api/integrations/${encodeURIComponent(integrationId)}/live-updates/check`,
    { method: 'POST' },
  );
  return integration;
}

export function useCheckLiveUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkLiveUpdates,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
