import type { EmailIntegrationDto, VerifyResponse } from '@ledgerdesk/domain/api/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** Asks the server to verify a mailbox against its provider now (decision 021); answers the new state. */
export async function verifyIntegration(integrationId: string) {
  const { verification } = await api<VerifyResponse>(
    `/api/integrations/${encodeURIComponent(integrationId)}/verify`,
    { method: 'POST' },
  );
  return verification;
}

/** "Verify now": the card reads "Verification queued…" at once, then the list is fetched again. */
export function useVerifyIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyIntegration,
    onSuccess: (verification, integrationId) => {
      queryClient.setQueryData<EmailIntegrationDto[]>(integrationKeys.list(), (list) =>
        list?.map((integration) =>
          integration.id === integrationId ? { ...integration, verification } : integration,
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.list() }),
  });
}
