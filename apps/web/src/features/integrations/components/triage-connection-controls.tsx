import { connectionBadge } from '@ledgerdesk/domain/integrations/connection-badge';
import { NO_ACTIVE_INTEGRATIONS_FOUND } from '@ledgerdesk/domain/integrations/sync-messages';
import { isTokenExpired } from '@ledgerdesk/domain/integrations/token-expiry';
import { Loader2, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useIntegrations } from '../../../lib/integrations-query';
import { useRenderNow } from '../../../lib/use-now';
import { useManualSync } from '../hooks/use-manual-sync';
import { useRefreshToken } from '../hooks/use-refresh-token';
import { UpdateEmailButton } from './update-email-button';

const DOT = { connected: 'bg-success', token_expired: 'bg-warning', not_connected: 'bg-subtle' } as const;

export type TriageConnectionControlsProps = {
  /** Called after a manual sync finished (the triage queries are already invalidated). */
  onSynced?: () => void;
  className?: string;
};

/**
 * The triage header's mail controls: the connection badge (spec §4), the manual sync button and the token
 * button. The app layer places it in the triage header.
 */
export function TriageConnectionControls({ onSynced, className }: TriageConnectionControlsProps) {
  const now = useRenderNow(30_000);
  const { data: integrations = [], isPending } = useIntegrations();
  // A last sync a moment ahead of this browser's clock reads as now, not "in less than a minute".
  const badge = connectionBadge(
    integrations.map((integration) => ({
      ...integration,
      lastSyncAt:
        integration.lastSyncAt && Date.parse(integration.lastSyncAt) > now.getTime()
          ? now.toISOString()
          : integration.lastSyncAt,
    })),
    now,
  );
  const manual = useManualSync(integrations, onSynced);
  const { refresh, refreshing } = useRefreshToken();
  const expired = integrations.filter(
    (integration) => integration.isActive && isTokenExpired(integration.tokenExpiresAt, now),
  );

  return (
    <div
      className={cn('flex min-w-0 items-center gap-2', className)}
      data-testid="triage-connection-controls"
    >
      <div
        className="flex min-w-0 items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-[12px]"
        data-testid="connection-badge"
        data-state={badge.state}
      >
        <span aria-hidden className={cn('size-2 shrink-0 rounded-full', DOT[badge.state])} />
        {badge.state === 'not_connected' && !isPending ? (
          <Link to="/integrations/email" className="font-medium whitespace-nowrap hover:underline">
            {badge.label}
          </Link>
        ) : (
          <span className="font-medium whitespace-nowrap">{isPending ? 'Checking...' : badge.label}</span>
        )}
        {badge.lastSyncLabel ? (
          <span className="hidden truncate text-muted xl:inline">· {badge.lastSyncLabel}</span>
        ) : null}
        {badge.tokenExpiryLabel ? (
          <span className="hidden whitespace-nowrap text-muted 2xl:inline">· {badge.tokenExpiryLabel}</span>
        ) : null}
        {badge.showRefresh ? (
          <Button
            size="sm"
            variant="ghost"
            className="-my-0.5 h-5 px-1.5 text-[12px] text-warning"
            disabled={refreshing.size > 0}
            onClick={() => {
              for (const integration of expired) void refresh(integration);
            }}
          >
            <RefreshCw className={refreshing.size > 0 ? 'animate-spin' : undefined} aria-hidden />
            Refresh
          </Button>
        ) : null}
      </div>
      <Tooltip
        content={
          manual.hasActive ? 'Sync Inbox, Sent and Archive (last 7 days)' : NO_ACTIVE_INTEGRATIONS_FOUND
        }
      >
        <Button
          size="sm"
          variant="outline"
          aria-disabled={!manual.hasActive || manual.isBusy}
          className={cn(!manual.hasActive && 'cursor-not-allowed opacity-50')}
          onClick={() => void manual.sync()}
          data-testid="manual-sync-button"
        >
          {manual.isBusy ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          <span className="tabular-nums max-sm:sr-only">{manual.label}</span>
        </Button>
      </Tooltip>
      {manual.hasActive ? (
        <UpdateEmailButton integrations={integrations} now={now} size="sm" isCompact />
      ) : null}
    </div>
  );
}
