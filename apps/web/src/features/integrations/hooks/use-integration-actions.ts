import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { RECONNECT_DELAY_MS } from '@ledgerdesk/domain/constants';
import {
  ACCOUNT_DISCONNECTED_TITLE,
  DISCONNECTION_FAILED_TITLE,
  INTEGRATION_REACTIVATED_TITLE,
  REACTIVATION_FAILED_TITLE,
  RECONNECTION_FAILED,
} from '@ledgerdesk/domain/integrations/oauth-messages';
import { useMemo, useState } from 'react';
import { useSetIntegrationActive } from '../api/set-integration-active';
import type { IntegrationActionHandlers } from '../components/integration-actions';
import { errorText, notify } from '../utils/notify';
import type { useOAuthConnect } from './use-oauth-connect';
import { useRefreshToken } from './use-refresh-token';
import { useSyncInitializer } from './use-sync-initializer';

const [RECONNECTION_FAILED_TITLE, RECONNECTION_FAILED_DETAIL] = RECONNECTION_FAILED.split(' - ') as [
  string,
  string,
];

/** The per-account actions of the Email Integration page, with the spec's toasts. */
export function useIntegrationActions(connect: ReturnType<typeof useOAuthConnect>['connect']) {
  const { refresh, refreshing } = useRefreshToken();
  const { initialize, initializing } = useSyncInitializer();
  const { mutateAsync: setActive } = useSetIntegrationActive();
  const [busyId, setBusyId] = useState<string | null>(null);

  const handlers = useMemo<IntegrationActionHandlers>(() => {
    const run = async (integration: EmailIntegrationDto, isActive: boolean) => {
      setBusyId(integration.id);
      try {
        await setActive({ integrationId: integration.id, isActive });
        return true;
      } catch (error) {
        return error;
      } finally {
        setBusyId(null);
      }
    };
    return {
      onRefresh: (integration) => void refresh(integration),
      onInitialize: (integration) => void initialize(integration, { force: true }),
      onDisconnect: async (integration) => {
        const result = await run(integration, false);
        if (result === true) {
          notify(
            {
              title: ACCOUNT_DISCONNECTED_TITLE,
              description: `${integration.emailAddress} is disconnected. Its emails stop loading until you reactivate it.`,
            },
            'success',
          );
        } else {
          notify({ title: DISCONNECTION_FAILED_TITLE, description: errorText(result), tone: 'destructive' });
        }
      },
      onReactivate: async (integration) => {
        const result = await run(integration, true);
        if (result === true) {
          notify(
            {
              title: INTEGRATION_REACTIVATED_TITLE,
              description: `${integration.emailAddress} is active again.`,
            },
            'success',
          );
        } else {
          notify({ title: REACTIVATION_FAILED_TITLE, description: errorText(result), tone: 'destructive' });
        }
      },
      // Reconnect (spec §4): disconnect, then start the connect flow again after 1 s.
      onReconnect: async (integration) => {
        const result = await run(integration, false);
        if (result !== true) {
          notify({
            title: RECONNECTION_FAILED_TITLE,
            description: RECONNECTION_FAILED_DETAIL,
            tone: 'destructive',
          });
          return;
        }
        // A shared mailbox is opened again with the user's sign-in, for the same address (decision 024).
        const options = integration.sharedMailbox ? { sharedMailbox: integration.emailAddress } : {};
        window.setTimeout(() => void connect(integration.provider, options), RECONNECT_DELAY_MS);
      },
    };
  }, [refresh, initialize, setActive, connect]);

  return { handlers, refreshing, initializing, busyId };
}
