import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import type { IntegrationDisplay } from '@ledgerdesk/domain/integrations/display-state';
import { Loader2, PlugZap, Power, RefreshCw, RotateCcw, Unplug } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export type IntegrationActionHandlers = {
  onRefresh: (integration: EmailIntegrationDto) => void;
  onReactivate: (integration: EmailIntegrationDto) => void;
  onDisconnect: (integration: EmailIntegrationDto) => void;
  onInitialize: (integration: EmailIntegrationDto) => void;
  onReconnect: (integration: EmailIntegrationDto) => void;
};

type Props = {
  integration: EmailIntegrationDto;
  display: IntegrationDisplay;
  isRefreshing: boolean;
  isInitializing: boolean;
  isBusy: boolean;
  initializeLabel: string;
  handlers: IntegrationActionHandlers;
};

/**
 * Refresh, Reactivate, Initialize Sync, Reconnect (Office 365) and Disconnect, as the state allows. An IMAP
 * mailbox has no token to refresh: its refused password has "Update password" on the card instead.
 */
export function IntegrationActions({
  integration,
  display,
  isRefreshing,
  isInitializing,
  isBusy,
  initializeLabel,
  handlers,
}: Props) {
  const name = integration.emailAddress;
  const isExpired = display.state === 'token_expired';
  return (
    <div className="flex flex-wrap items-center gap-2 pl-12 @2xl:justify-end @2xl:pl-0">
      {display.action === 'initialize_sync' ? (
        <Button
          size="sm"
          variant="primary"
          disabled={isInitializing || isBusy}
          onClick={() => handlers.onInitialize(integration)}
          aria-label={`${initializeLabel} for ${name}`}
        >
          {isInitializing ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
          {initializeLabel}
        </Button>
      ) : null}
      {integration.isActive && integration.provider === 'imap' ? null : integration.isActive ? (
        <Button
          size="sm"
          variant={isExpired ? 'primary' : 'outline'}
          disabled={isRefreshing || isBusy}
          onClick={() => handlers.onRefresh(integration)}
          aria-label={`Refresh ${name}`}
        >
          <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      ) : (
        <Button
          size="sm"
          variant="primary"
          disabled={isBusy}
          onClick={() => handlers.onReactivate(integration)}
          aria-label={`Reactivate ${name}`}
        >
          <Power aria-hidden />
          Reactivate
        </Button>
      )}
      {integration.provider === 'office365' ? (
        <Button
          size="sm"
          variant="outline"
          disabled={isBusy}
          onClick={() => handlers.onReconnect(integration)}
          aria-label={`Reconnect ${name}`}
        >
          <RotateCcw aria-hidden />
          Reconnect
        </Button>
      ) : null}
      {integration.isActive ? (
        <Button
          size="sm"
          variant="danger-outline"
          disabled={isBusy}
          onClick={() => handlers.onDisconnect(integration)}
          aria-label={`Disconnect ${name}`}
        >
          <Unplug aria-hidden />
          Disconnect
        </Button>
      ) : null}
    </div>
  );
}
