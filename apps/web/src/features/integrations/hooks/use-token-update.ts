import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { tokenButtonLabel } from '@ledgerdesk/domain/integrations/button-labels';
import {
  integrationsToRefresh,
  NO_ACTIVE_INTEGRATIONS_MESSAGE,
  tokenButtonState,
  tokensAreCurrentMessage,
  tokenUpdateResultMessage,
} from '@ledgerdesk/domain/integrations/token-update';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { refreshEmailToken } from '../api/refresh-email-token';
import { notify } from '../utils/notify';

/**
 * The refresh-all "Update Email" control: refreshes active integrations whose token expires within 60
 * minutes, with the spec's label ("Updating...", "Fix Expired Tokens", "Refresh Tokens", "Update Email").
 */
export function useTokenUpdate(integrations: readonly EmailIntegrationDto[], now: Date) {
  const queryClient = useQueryClient();
  const [isUpdating, setIsUpdating] = useState(false);
  const state = tokenButtonState(integrations, now);
  const label = tokenButtonLabel({ isUpdating, ...state });

  const update = useCallback(async () => {
    const checkedAt = new Date();
    if (!integrations.some((integration) => integration.isActive)) {
      notify({ ...NO_ACTIVE_INTEGRATIONS_MESSAGE, tone: 'destructive' });
      return;
    }
    const targets = integrationsToRefresh(integrations, checkedAt);
    if (targets.length === 0) {
      notify(tokensAreCurrentMessage(integrations, checkedAt), 'success');
      return;
    }
    setIsUpdating(true);
    try {
      const results = await Promise.allSettled(
        targets.map((integration) => refreshEmailToken(integration.id)),
      );
      const refreshed = results.filter((result) => result.status === 'fulfilled').length;
      const message = tokenUpdateResultMessage({ refreshed, failed: results.length - refreshed });
      notify(message, message.tone ? 'info' : 'success');
    } finally {
      setIsUpdating(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
      ]);
    }
  }, [integrations, queryClient]);

  return { update, isUpdating, label, hasExpiredTokens: state.hasExpiredTokens };
}
