import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import {
  CONNECTION_EXPIRED_MESSAGE,
  REFRESH_FAILED_TITLE,
  TOKEN_REFRESH_FAILED_MESSAGE,
  tokenRefreshedMessage,
} from '@ledgerdesk/domain/mail/token-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { refreshEmailToken } from '../api/refresh-email-token';
import { notify } from '../utils/notify';

/** Whether a failed refresh means the provider refused the grant, so only a reconnect helps. */
export function needsReconnectAfter(
  error: unknown,
  integration?: Pick<EmailIntegrationDto, 'needsReconnect'>,
) {
  if (integration?.needsReconnect) return true;
  if (error instanceof ApiError && /^reconnect_required$/i.test(error.code)) return true;
  const message = error instanceof Error ? error.message : '';
  return message.includes(CONNECTION_EXPIRED_MESSAGE) || /invalid_grant/i.test(message);
}

/** The per-account Refresh: "Token Refreshed", or "Refresh Failed" with the reconnect or retry text. */
export function useRefreshToken() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(
    async (integration: Pick<EmailIntegrationDto, 'id' | 'emailAddress' | 'needsReconnect'>) => {
      setRefreshing((current) => new Set(current).add(integration.id));
      try {
        await refreshEmailToken(integration.id);
        notify(tokenRefreshedMessage(integration.emailAddress), 'success');
      } catch (error) {
        notify({
          title: REFRESH_FAILED_TITLE,
          description: needsReconnectAfter(error, integration)
            ? CONNECTION_EXPIRED_MESSAGE
            : TOKEN_REFRESH_FAILED_MESSAGE,
          tone: 'destructive',
        });
      } finally {
        setRefreshing((current) => {
          const next = new Set(current);
          next.delete(integration.id);
          return next;
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
          queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
        ]);
      }
    },
    [queryClient],
  );

  return { refresh, refreshing };
}
