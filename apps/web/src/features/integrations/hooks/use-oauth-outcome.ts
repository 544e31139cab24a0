import { AUTO_SYNC_INIT_DELAY_MS } from '@ledgerdesk/domain/constants';
import type { Provider } from '@ledgerdesk/domain/entities';
import {
  AUTHENTICATION_FAILED_TITLE,
  CONNECTION_FAILED_TITLE,
  connectionSuccessfulMessage,
  noCodeMessage,
  oauthErrorMessage,
} from '@ledgerdesk/domain/integrations/oauth-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { notify } from '../utils/notify';
import type { OAuthOutcome } from '../utils/oauth-channel';
import { useSyncInitializer } from './use-sync-initializer';

/** Turns the popup's outcome into the spec's toasts; a new connection gets its sync initialised 1 s later. */
export function useOAuthOutcome() {
  const queryClient = useQueryClient();
  const { initialize } = useSyncInitializer();

  return useCallback(
    (provider: Provider, outcome: OAuthOutcome) => {
      switch (outcome.status) {
        case 'connected': {
          notify(connectionSuccessfulMessage(provider, outcome.emailAddress), 'success');
          void queryClient.invalidateQueries({ queryKey: integrationKeys.all });
          void queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY });
          const target = { id: outcome.integrationId, emailAddress: outcome.emailAddress };
          window.setTimeout(() => void initialize(target), AUTO_SYNC_INIT_DELAY_MS);
          return;
        }
        case 'provider_error':
          notify({
            title: AUTHENTICATION_FAILED_TITLE,
            description: oauthErrorMessage(outcome.errorDescription || outcome.error),
            tone: 'destructive',
          });
          return;
        case 'no_code':
          notify({
            title: AUTHENTICATION_FAILED_TITLE,
            description: noCodeMessage(provider),
            tone: 'destructive',
          });
          return;
        case 'exchange_failed':
          notify({
            title: CONNECTION_FAILED_TITLE,
            description: oauthErrorMessage(outcome.message),
            tone: 'destructive',
          });
      }
    },
    [queryClient, initialize],
  );
}
