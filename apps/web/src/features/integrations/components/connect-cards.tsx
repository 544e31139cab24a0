import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import type { Provider } from '@ledgerdesk/domain/entities';
import { PROVIDER_LABELS } from '@ledgerdesk/domain/integrations/oauth-messages';
import { Loader2, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { AddSharedMailbox } from './add-shared-mailbox';
import { ImapConnectCard } from './imap-connect-card';

const PROVIDERS: { provider: Provider; mark: string; markClass: string; description: string }[] = [
  {
    provider: 'office365',
    mark: 'O',
    markClass: 'bg-[#0a5fb4] text-white',
    description: 'Microsoft 365 or Outlook.com mail through Microsoft Graph.',
  },
  {
    provider: 'gmail',
    mark: 'G',
    markClass: 'bg-[#c5221f] text-white',
    description: 'Gmail or Google Workspace mail through the Gmail API.',
  },
];

/**
 * The "Connect Office 365" and "Connect Gmail" cards (Office 365's also adds shared mailboxes, decision 024), and
 * "Connect other mail (IMAP)" (decision 023).
 */
export function ConnectCards({
  connecting,
  connectingShared,
  onConnect,
  onAddShared,
  onImapConnected,
  sharedAddresses,
}: {
  connecting: Provider | null;
  /** True while the running sign-in is for a shared mailbox. */
  connectingShared: boolean;
  onConnect: (provider: Provider) => void;
  onAddShared: (address: string) => void;
  onImapConnected: (integration: EmailIntegrationDto) => void;
  /** The shared mailboxes already connected, lower case. */
  sharedAddresses: readonly string[];
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PROVIDERS.map(({ provider, mark, markClass, description }) => {
        const label = `Connect ${PROVIDER_LABELS[provider]}`;
        const isConnecting = connecting === provider && !(provider === 'office365' && connectingShared);
        return (
          <div key={provider} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
            <div className="flex items-center gap-3">
              <span
                aria-hidden
                className={`flex size-9 shrink-0 items-center justify-center rounded-lg text-base font-bold ${markClass}`}
              >
                {mark}
              </span>
              <div className="min-w-0">
                <h3 className="text-sm font-semibold">{PROVIDER_LABELS[provider]}</h3>
                <p className="text-[13px] text-muted">{description}</p>
              </div>
            </div>
            <Button
              variant={isConnecting ? 'secondary' : 'primary'}
              className="self-start"
              disabled={connecting !== null}
              onClick={() => onConnect(provider)}
            >
              {isConnecting ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
              {isConnecting ? 'Waiting for sign-in...' : label}
            </Button>
            {provider === 'office365' ? (
              <AddSharedMailbox
                isConnecting={connecting === 'office365' && connectingShared}
                isDisabled={connecting !== null}
                onAdd={onAddShared}
                connectedAddresses={sharedAddresses}
              />
            ) : null}
          </div>
        );
      })}
      <ImapConnectCard onConnected={onImapConnected} />
    </div>
  );
}
