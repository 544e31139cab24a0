import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { MANUAL_SYNC_TIMEOUT_MS, MIGRATION_WAIT_MS } from '@ledgerdesk/domain/constants';
import { syncButtonLabel } from '@ledgerdesk/domain/integrations/button-labels';
import {
  MIGRATION_FAILED_MESSAGE,
  MIGRATION_FAILED_TITLE,
  needsMigration,
} from '@ledgerdesk/domain/integrations/migration';
import { NO_ACTIVE_EMAIL_INTEGRATIONS, SYNC_TIMEOUT } from '@ledgerdesk/domain/integrations/sync-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getNotificationSources } from '../api/get-notification-sources';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { migrateNotificationSources } from '../api/migrate-notification-sources';
import { syncIntegration } from '../api/sync-integration';
import { notify } from '../utils/notify';
import { reportSyncResults } from '../utils/report-sync-results';

type Phase = 'idle' | 'migrating' | 'syncing';

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The manual "Refresh All Folders" sync of spec §4/§5: migrate to notification sources first when mailboxes
 * outnumber them (then wait 1 s), sync every active mailbox 7 days back, give up after 90 s, report the counts.
 */
export function useManualSync(integrations: readonly EmailIntegrationDto[], onSynced?: () => void) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const isRunning = useRef(false);
  const active = integrations.filter((integration) => integration.isActive);
  const hasActive = active.length > 0;
  const label = syncButtonLabel({
    isSyncing: phase === 'syncing',
    isMigrating: phase === 'migrating',
    elapsedSeconds,
  });

  const isIdle = phase === 'idle';
  useEffect(() => {
    if (isIdle) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => setElapsedSeconds((Date.now() - startedAt) / 1000), 1000);
    return () => window.clearInterval(timer);
  }, [isIdle]);

  const sync = useCallback(async () => {
    if (isRunning.current) return;
    if (!hasActive) {
      notify(NO_ACTIVE_EMAIL_INTEGRATIONS);
      return;
    }
    isRunning.current = true;
    const startedAt = Date.now();
    const controller = new AbortController();
    const deadline = window.setTimeout(() => controller.abort(), MANUAL_SYNC_TIMEOUT_MS);
    setElapsedSeconds(0);
    try {
      const sources = await getNotificationSources();
      if (needsMigration(active, sources)) {
        setPhase('migrating');
        try {
          await migrateNotificationSources();
        } catch {
          notify({
            title: MIGRATION_FAILED_TITLE,
            description: MIGRATION_FAILED_MESSAGE,
            tone: 'destructive',
          });
          return;
        }
        await sleep(MIGRATION_WAIT_MS);
      }
      setPhase('syncing');
      const results = await Promise.allSettled(
        active.map((integration) => syncIntegration(integration, controller.signal)),
      );
      if (controller.signal.aborted) {
        notify(SYNC_TIMEOUT);
        return;
      }
      reportSyncResults(active, results, (Date.now() - startedAt) / 1000);
    } catch (error) {
      if (controller.signal.aborted) notify(SYNC_TIMEOUT);
      else
        reportSyncResults(
          active,
          active.map(() => ({ status: 'rejected', reason: error })),
          0,
        );
    } finally {
      window.clearTimeout(deadline);
      isRunning.current = false;
      setPhase('idle');
      setElapsedSeconds(0);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: integrationKeys.sources() }),
      ]);
      onSynced?.();
    }
  }, [active, hasActive, queryClient, onSynced]);

  return { sync, label, isBusy: !isIdle, hasActive };
}
