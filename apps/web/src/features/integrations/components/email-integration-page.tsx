import { integrationDisplayState } from '@ledgerdesk/domain/integrations/display-state';
import { AlertTriangle, Inbox } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { useIntegrations } from '../../../lib/integrations-query';
import { useRenderNow } from '../../../lib/use-now';
import { useAutoSyncInit } from '../hooks/use-auto-sync-init';
import { useIntegrationActions } from '../hooks/use-integration-actions';
import { useOAuthConnect } from '../hooks/use-oauth-connect';
import { useSyncInitializer } from '../hooks/use-sync-initializer';
import { useVerificationPolling } from '../hooks/use-verification-polling';
import { errorText } from '../utils/notify';
import { ConnectCards } from './connect-cards';
import { EnhancedResetButton } from './enhanced-reset-dialog';
import { ActionRequired, HelpCard } from './help-card';
import { IntegrationCard } from './integration-card';
import { NotificationSourcesCard } from './notification-sources-card';
import { UpdateEmailButton } from './update-email-button';

/** /integrations/email: connected mailboxes, connecting new ones, tokens, sources and the reset (spec §2). */
export function EmailIntegrationPage() {
  const now = useRenderNow(30_000);
  const integrationsQuery = useIntegrations();
  const integrations = integrationsQuery.data ?? [];
  const { connect, connecting, connectingShared } = useOAuthConnect();
  const { handlers, refreshing, initializing, busyId } = useIntegrationActions(connect);
  const { initialize } = useSyncInitializer();
  useAutoSyncInit(integrationsQuery.data, initialize);
  useVerificationPolling(integrationsQuery.data);

  const states = integrations.map((integration) => integrationDisplayState(integration, now));
  const hasIntegrations = integrations.length > 0;
  const sharedAddresses = useMemo(
    () =>
      (integrationsQuery.data ?? [])
        .filter((integration) => integration.sharedMailbox)
        .map((integration) => integration.emailAddress.toLowerCase()),
    [integrationsQuery.data],
  );

  return (
    <Page
      title="Email Integration"
      description="Connect the mailboxes Ledgerdesk syncs into triage, and keep their connections healthy."
      actions={hasIntegrations ? <UpdateEmailButton integrations={integrations} now={now} /> : null}
    >
      <div className="mx-auto grid w-full max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <ActionRequired
            hasExpired={states.includes('token_expired')}
            hasInactive={states.includes('inactive')}
          />
          <section aria-labelledby="connected-accounts" className="flex flex-col gap-3">
            <h2 id="connected-accounts" className="text-sm font-semibold">
              Connected accounts
            </h2>
            {integrationsQuery.isPending ? (
              <div className="flex flex-col gap-2" role="status" aria-label="Loading connected accounts">
                <Skeleton className="h-20" />
                <Skeleton className="h-20" />
              </div>
            ) : integrationsQuery.isError ? (
              <div className="rounded-lg border border-danger/40 bg-danger-soft p-4 text-[13px]" role="alert">
                <p className="flex items-center gap-2 font-semibold text-danger">
                  <AlertTriangle className="size-4" aria-hidden />
                  Could not load your email accounts
                </p>
                <p className="mt-1 text-fg">{errorText(integrationsQuery.error)}</p>
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-3"
                  onClick={() => void integrationsQuery.refetch()}
                >
                  Try Again
                </Button>
              </div>
            ) : hasIntegrations ? (
              <ul className="flex flex-col gap-2">
                {integrations.map((integration) => (
                  <IntegrationCard
                    key={integration.id}
                    integration={integration}
                    now={now}
                    isRefreshing={refreshing.has(integration.id)}
                    isInitializing={initializing.has(integration.id)}
                    isBusy={busyId === integration.id}
                    handlers={handlers}
                  />
                ))}
              </ul>
            ) : (
              <div className="flex items-center gap-3 rounded-lg border border-dashed border-border px-4 py-5">
                <Inbox className="size-5 shrink-0 text-subtle" aria-hidden />
                <div>
                  <p className="text-sm font-semibold">No email accounts connected</p>
                  <p className="text-[13px] text-muted">
                    Connect an Office 365, Gmail or IMAP mailbox below to start triaging your email.
                  </p>
                </div>
              </div>
            )}
          </section>
          <section aria-labelledby="connect-account" className="flex flex-col gap-3">
            <h2 id="connect-account" className="text-sm font-semibold">
              Connect an account
            </h2>
            <ConnectCards
              connecting={connecting}
              connectingShared={connectingShared}
              onConnect={(provider) => void connect(provider)}
              onAddShared={(sharedMailbox) => void connect('office365', { sharedMailbox })}
              onImapConnected={(integration) => void initialize(integration)}
              sharedAddresses={sharedAddresses}
            />
          </section>
          {hasIntegrations ? <NotificationSourcesCard integrations={integrations} /> : null}
        </div>
        <aside className="flex flex-col gap-4" aria-label="Help and rebuild">
          <HelpCard />
          {hasIntegrations ? (
            <section
              aria-labelledby="danger-zone"
              className="flex flex-col gap-2 rounded-lg border border-danger/40 p-4"
            >
              <h2 id="danger-zone" className="text-sm font-semibold text-danger">
                Rebuild triage
              </h2>
              <p className="text-[13px] text-muted">
                Deletes the triage items of the folders you choose and rebuilds them from the mailbox.
              </p>
              <EnhancedResetButton integrations={integrations} />
            </section>
          ) : null}
        </aside>
      </div>
    </Page>
  );
}
