import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { TOKEN_AUTO_REFRESH_CHECK_INTERVAL_MS } from '@ledgerdesk/domain/constants';
import { shouldAutoRefresh, shouldRefreshOnMount } from '@ledgerdesk/domain/integrations/token-expiry';
import { autoRefreshFailedMessage } from '@ledgerdesk/domain/mail/token-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntegrations } from '../../../lib/integrations-query';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { refreshEmailToken } from '../api/refresh-email-token';
import { notify } from '../utils/notify';

type Mode = 'mount' | 'periodic';

/**
 * Token auto-refresh for the browser session (spec §9): a check on mount refreshes tokens with no expiry or
 * expiring within 5 minutes; then every 2 minutes, tokens expiring within 15 minutes, at most one attempt per
 * integration every 5 minutes. A failure shows "Token Refresh Failed". Mount it once, in the app layout.
 */
export function useTokenAutoRefresh(enabled = true): void {
  const queryClient = useQueryClient();
  const { data } = useIntegrations(enabled);
  const latest = useRef<readonly EmailIntegrationDto[] | undefined>(data);
  latest.current = data;
  const attempts = useRef(new Map<string, Date>());
  const hasCheckedOnMount = useRef(false);

  const check = useRef(async (mode: Mode) => {
    const now = new Date();
    const due = (latest.current ?? []).filter(
      (integration) =>
        !integration.needsReconnect &&
        // IMAP mailboxes sign in with a password: no token to refresh.
        integration.provider !== 'imap' &&
        (mode === 'mount'
          ? shouldRefreshOnMount(integration, now)
          : shouldAutoRefresh(integration, attempts.current.get(integration.id) ?? null, now)),
    );
    if (due.length === 0) return;
    await Promise.all(
      due.map(async (integration) => {
        attempts.current.set(integration.id, now);
        try {
          await refreshEmailToken(integration.id);
        } catch {
          notify({ ...autoRefreshFailedMessage(integration.emailAddress), tone: 'destructive' });
        }
      }),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
      queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
    ]);
  });

  useEffect(() => {
    if (!enabled || !data || hasCheckedOnMount.current) return;
    hasCheckedOnMount.current = true;
    void check.current('mount');
  }, [enabled, data]);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(
      () => void check.current('periodic'),
      TOKEN_AUTO_REFRESH_CHECK_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [enabled]);
}
