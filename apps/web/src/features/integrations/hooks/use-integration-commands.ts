import type { Provider } from '@ledgerdesk/domain/entities';
import { syncButtonLabel } from '@ledgerdesk/domain/integrations/button-labels';
import { PROVIDER_LABELS } from '@ledgerdesk/domain/integrations/oauth-messages';
import { useMemo, useRef } from 'react';
import { type Command, useRegisterCommands } from '../../../lib/commands';
import { useIntegrations } from '../../../lib/integrations-query';
import { useManualSync } from './use-manual-sync';
import { useOAuthConnect } from './use-oauth-connect';

const PROVIDERS: Provider[] = ['gmail', 'office365'];

/** The palette's mailbox commands on every screen: connect Gmail or Office 365, and the manual sync. */
export function useIntegrationCommands() {
  const { connect } = useOAuthConnect();
  const { data: integrations = [] } = useIntegrations();
  const { sync } = useManualSync(integrations);
  const latest = useRef({ connect, sync });
  latest.current = { connect, sync };

  const commands = useMemo<Command[]>(
    () => [
      ...PROVIDERS.map((provider) => ({
        id: `integrations:connect-${provider}`,
        label: `Connect ${PROVIDER_LABELS[provider]}`,
        group: 'Mail accounts' as const,
        keywords: ['add mailbox', 'email integration'],
        run: () => void latest.current.connect(provider),
      })),
      {
        id: 'integrations:refresh-all',
        label: syncButtonLabel({ isSyncing: false, isMigrating: false }),
        group: 'Mail accounts',
        keywords: ['sync', 'refresh'],
        run: () => void latest.current.sync(),
      },
    ],
    [],
  );
  useRegisterCommands(commands, [commands]);
}
