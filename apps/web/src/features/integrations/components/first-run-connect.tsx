import type { MailProviderOffer } from '@ledgerdesk/domain/api/integrations';
import { PROVIDER_LABELS } from '@ledgerdesk/domain/integrations/oauth-messages';
import { FlaskConical, Loader2, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useIntegrations } from '../../../lib/integrations-query';
import { useMailProviders } from '../api/get-mail-providers';
import { useOAuthConnect } from '../hooks/use-oauth-connect';

export const FIRST_RUN_PROMPT = 'Connect a mailbox and its Inbox, Sent and Archive mail lands here.';
export const TRY_SANDBOX_LABEL = 'Try a sandbox mailbox';

/**
 * The way forward on a new user's empty triage list: connect Office 365 or Gmail right here, or, where this
 * server runs the mail sandbox, try a sandbox mailbox. Renders nothing once any mailbox is connected.
 */
export function FirstRunConnect() {
  const integrations = useIntegrations();
  const hasNoMailbox = integrations.isSuccess && integrations.data.length === 0;
  const providers = useMailProviders(hasNoMailbox);
  const { connect, connecting } = useOAuthConnect();
  if (!hasNoMailbox || !providers.isSuccess) return null;

  const real = providers.data.filter((offer) => offer.isConfigured && !offer.isSandbox);
  const sandbox = providers.data.find((offer) => offer.isConfigured && offer.isSandbox);
  return (
    <div className="flex max-w-sm flex-col items-center gap-3" data-testid="first-run-connect">
      <p className="text-[13px] text-muted">{FIRST_RUN_PROMPT}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {real.map((offer) => (
          <ConnectButton
            key={offer.provider}
            offer={offer}
            connecting={connecting}
            onConnect={() => void connect(offer.provider)}
          />
        ))}
        {sandbox ? (
          <Button
            variant={real.length > 0 ? 'outline' : 'primary'}
            disabled={connecting !== null}
            onClick={() => void connect(sandbox.provider)}
          >
            {connecting === sandbox.provider ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <FlaskConical aria-hidden />
            )}
            {connecting === sandbox.provider ? 'Waiting for sign-in...' : TRY_SANDBOX_LABEL}
          </Button>
        ) : null}
      </div>
      {sandbox ? (
        <p className="text-[12px] text-muted">
          The sandbox is a local stand-in for Microsoft 365 and Gmail, with generated mail.
        </p>
      ) : null}
      {real.length === 0 && !sandbox ? (
        <p className="text-[12px] text-muted">No mail provider is set up on this server yet.</p>
      ) : null}
      <Link to="/integrations/email" className="text-[12px] font-medium text-accent hover:underline">
        Email Integration settings
      </Link>
    </div>
  );
}

function ConnectButton({
  offer,
  connecting,
  onConnect,
}: {
  offer: MailProviderOffer;
  connecting: string | null;
  onConnect: () => void;
}) {
  const isConnecting = connecting === offer.provider;
  return (
    <Button variant="primary" disabled={connecting !== null} onClick={onConnect}>
      {isConnecting ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
      {isConnecting ? 'Waiting for sign-in...' : `Connect ${PROVIDER_LABELS[offer.provider]}`}
    </Button>
  );
}
