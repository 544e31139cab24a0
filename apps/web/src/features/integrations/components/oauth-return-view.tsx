import type { Provider } from '@ledgerdesk/domain/entities';
import {
  noCodeMessage,
  OAUTH_FAILED,
  oauthErrorMessage,
  PROVIDER_LABELS,
} from '@ledgerdesk/domain/integrations/oauth-messages';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { exchangeAuthCode, oauthRedirectUri } from '../api/oauth';
import { useOAuthOutcome } from '../hooks/use-oauth-outcome';
import { errorText } from '../utils/notify';
import {
  forgetPendingFlow,
  type OAuthOutcome,
  publishOAuthResult,
  readPendingFlow,
  type readReturnParams,
} from '../utils/oauth-channel';

type ReturnParams = NonNullable<ReturnType<typeof readReturnParams>>;
type ViewState = { phase: 'working' } | { phase: 'done'; outcome: OAuthOutcome; provider: Provider | null };

// Long enough for the opener to receive the message before this window disappears.
const CLOSE_DELAY_MS = 400;

/** Redeems the provider's answer: a code is exchanged on the server, an error or a missing code is a failure. */
async function resolveOutcome(params: ReturnParams, provider: Provider | null, redirectUri: string) {
  if (params.error) {
    return {
      status: 'provider_error',
      error: params.error,
      errorDescription: params.errorDescription,
    } as const;
  }
  if (!params.code) return { status: 'no_code' } as const;
  if (!provider) return { status: 'exchange_failed', message: OAUTH_FAILED } as const;
  try {
    const result = await exchangeAuthCode(provider, { code: params.code, redirectUri, state: params.state });
    return {
      status: 'connected',
      integrationId: result.integrationId,
      emailAddress: result.emailAddress,
    } as const;
  } catch (error) {
    return { status: 'exchange_failed', message: errorText(error) } as const;
  }
}

/**
 * The provider's return to /integrations/email. In the popup: exchange the code, tell the opener (postMessage
 * to our own origin and BroadcastChannel) and close. Opened as a full page: show the outcome's toasts here.
 */
export function OAuthReturnView({ params }: { params: ReturnParams }) {
  const navigate = useNavigate();
  const handleOutcome = useOAuthOutcome();
  const [view, setView] = useState<ViewState>({ phase: 'working' });
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const pending = readPendingFlow(params.state);
    const provider = pending?.provider ?? params.provider;
    const isPopup = Boolean(window.opener) || pending !== null;
    const redirectUri = pending?.redirectUri ?? (provider ? oauthRedirectUri(provider) : '');
    void resolveOutcome(params, provider, redirectUri).then((outcome) => {
      forgetPendingFlow(params.state);
      setView({ phase: 'done', outcome, provider });
      if (isPopup && provider) {
        publishOAuthResult({ type: 'ledgerdesk:oauth-result', state: params.state, provider, outcome });
        window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
        return;
      }
      if (provider) handleOutcome(provider, outcome);
      // A full-page return that worked goes on to the page; a failure stays here, saying so.
      if (outcome.status === 'connected') void navigate('/integrations/email', { replace: true });
    });
  }, [params, handleOutcome, navigate]);

  return (
    <main className="flex min-h-full items-center justify-center bg-bg p-6">
      <div className="flex w-full max-w-sm flex-col items-center gap-3 rounded-xl border border-border bg-surface p-8 text-center shadow-sm">
        <ReturnStatus view={view} />
        {view.phase === 'done' ? (
          window.opener ? (
            <Button variant="outline" onClick={() => window.close()}>
              Close window
            </Button>
          ) : (
            <Button variant="outline" asChild>
              <Link to="/integrations/email" replace>
                Back to Email Integration
              </Link>
            </Button>
          )
        ) : null}
      </div>
    </main>
  );
}

function ReturnStatus({ view }: { view: ViewState }) {
  if (view.phase === 'working') {
    return (
      <div role="status" className="flex flex-col items-center gap-2">
        <Loader2 className="size-6 animate-spin text-accent" aria-hidden />
        <h1 className="text-base font-semibold">Completing connection...</h1>
        <p className="text-[13px] text-muted">Finishing the sign-in with your email provider.</p>
      </div>
    );
  }
  const { outcome, provider } = view;
  if (outcome.status === 'connected') {
    return (
      <div role="status" className="flex flex-col items-center gap-2">
        <CheckCircle2 className="size-6 text-success" aria-hidden />
        <h1 className="text-base font-semibold">
          {provider ? PROVIDER_LABELS[provider] : 'Mailbox'} connected
        </h1>
        <p className="text-[13px] text-muted">
          {outcome.emailAddress ?? 'Your mailbox'} is connected. This window closes by itself.
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-2">
      <XCircle className="size-6 text-danger" aria-hidden />
      <h1 className="text-base font-semibold">{OAUTH_FAILED}</h1>
      <p className="text-[13px] text-muted">{failureDetail(outcome, provider)}</p>
    </div>
  );
}

function failureDetail(outcome: OAuthOutcome, provider: Provider | null): string {
  if (outcome.status === 'provider_error')
    return oauthErrorMessage(outcome.errorDescription || outcome.error);
  if (outcome.status === 'no_code') return noCodeMessage(provider ?? 'your provider');
  if (outcome.status === 'exchange_failed') return oauthErrorMessage(outcome.message);
  return '';
}
