import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { AUTO_SYNC_INIT_DELAY_MS } from '@ledgerdesk/domain/constants';
import { integrationsNeedingSyncInit } from '@ledgerdesk/domain/integrations/display-state';
import { useEffect, useRef } from 'react';

/**
 * About 1 s after the integrations load, initialises every active one that has never synced — once per visit
 * of the page (a refetch within that second restarts the second; later refetches start nothing).
 */
export function useAutoSyncInit(
  integrations: readonly EmailIntegrationDto[] | undefined,
  initialize: (integration: EmailIntegrationDto) => Promise<void>,
) {
  const phase = useRef<'idle' | 'scheduled' | 'done'>('idle');
  useEffect(() => {
    if (!integrations || phase.current !== 'idle') return;
    phase.current = 'scheduled';
    const timer = window.setTimeout(() => {
      phase.current = 'done';
      for (const integration of integrationsNeedingSyncInit(integrations)) void initialize(integration);
    }, AUTO_SYNC_INIT_DELAY_MS);
    return () => {
      if (phase.current !== 'scheduled') return;
      window.clearTimeout(timer);
      phase.current = 'idle';
    };
  }, [integrations, initialize]);
}
