import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import type { ResetScope } from '@ledgerdesk/domain/entities';
import { resetFailedMessage, resetResultMessage } from '@ledgerdesk/domain/integrations/reset-dialog';
import { NO_ACTIVE_INTEGRATIONS_FOUND } from '@ledgerdesk/domain/integrations/sync-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { enhancedFullResync } from '../api/enhanced-reset';
import { integrationKeys, TRIAGE_QUERY_KEY } from '../api/integration-keys';
import { errorText, notify } from '../utils/notify';

export type ResetPhase = 'idle' | 'running' | 'finished';

/**
 * Runs enhanced-full-resync-emails for every active integration in turn (30 days, at most 1,000 emails, the
 * chosen folders). A failure or unsuccessful answer for any of them aborts the run (spec §8 Reset).
 */
export function useEnhancedReset(integrations: readonly EmailIntegrationDto[]) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ResetPhase>('idle');

  const run = useCallback(
    async (folders: ResetScope) => {
      setPhase('running');
      const totals = { created: 0, updated: 0, conflicts: 0, errors: 0 };
      try {
        const active = integrations.filter((integration) => integration.isActive);
        if (active.length === 0) throw new Error(NO_ACTIVE_INTEGRATIONS_FOUND);
        for (const integration of active) {
          const result = await enhancedFullResync(integration.id, folders);
          if (!result.success)
            throw new Error(result.error || `The reset of ${integration.emailAddress} failed.`);
          totals.created += result.created;
          totals.updated += result.updated;
          totals.conflicts += result.conflicts;
          totals.errors += result.errors;
        }
        const message = resetResultMessage(totals);
        notify(message, message.tone ? 'info' : 'success');
      } catch (error) {
        notify(resetFailedMessage(errorText(error)));
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
          queryClient.invalidateQueries({ queryKey: integrationKeys.sources() }),
        ]);
        setPhase('finished');
      }
    },
    [integrations, queryClient],
  );

  const reset = useCallback(() => setPhase('idle'), []);
  return { phase, run, reset };
}
