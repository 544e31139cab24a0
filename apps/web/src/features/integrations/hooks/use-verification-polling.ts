import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { integrationKeys } from '../api/integration-keys';

const POLL_MS = 5_000;

/** While a mailbox's verification is queued or running, the list is fetched again every few seconds. */
export function useVerificationPolling(integrations: readonly EmailIntegrationDto[] | undefined) {
  const queryClient = useQueryClient();
  const isWaiting = (integrations ?? []).some((integration) =>
    ['queued', 'running'].includes(integration.verification?.state ?? 'never'),
  );
  useEffect(() => {
    if (!isWaiting) return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: integrationKeys.list() }),
      POLL_MS,
    );
    return () => window.clearInterval(timer);
  }, [isWaiting, queryClient]);
}
