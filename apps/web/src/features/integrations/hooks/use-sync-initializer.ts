import {
  FAILED_TO_INITIALIZE_SYNC_TITLE,
  SYNC_CONFIGURATION_INITIALIZED_TITLE,
} from '@ledgerdesk/domain/integrations/oauth-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { initializeSyncConfig } from '../api/initialize-sync-config';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { errorText, notify } from '../utils/notify';

// One set for the whole page, so the automatic initialisation after load and the one after connecting never
// start the same mailbox twice (and React's double effects in development change nothing).
const running = new Set<string>();
const initialized = new Set<string>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<string> = new Set();

function publish() {
  snapshot = new Set(running);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts sync initialisation (30 days back) for a mailbox and tells which ones are initialising. A mailbox
 * initialised once on this page is not initialised again automatically; the Initialize Sync button forces it.
 */
export function useSyncInitializer() {
  const queryClient = useQueryClient();
  const initializing = useSyncExternalStore(subscribe, () => snapshot);

  const initialize = useCallback(
    async (integration: { id: string; emailAddress?: string | null }, options: { force?: boolean } = {}) => {
      if (running.has(integration.id)) return;
      if (initialized.has(integration.id) && !options.force) return;
      running.add(integration.id);
      publish();
      try {
        const result = await initializeSyncConfig(integration.id);
        initialized.add(integration.id);
        notify(
          {
            title: SYNC_CONFIGURATION_INITIALIZED_TITLE,
            description: `${integration.emailAddress ?? 'Your mailbox'}: ${result.newEmails} emails loaded from the last ${result.daysBack} days. New mail now syncs every minute.`,
          },
          'success',
        );
      } catch (error) {
        notify({
          title: FAILED_TO_INITIALIZE_SYNC_TITLE,
          description: errorText(error) || 'Could not start syncing this mailbox. Please try again.',
          tone: 'destructive',
        });
      } finally {
        running.delete(integration.id);
        publish();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
          queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
        ]);
      }
    },
    [queryClient],
  );

  return { initialize, initializing };
}
