// How the OAuth popup and the page that opened it talk. The opener records the flow it started under the
// state the server put in the consent URL; the popup (back on our origin) reads it to know the provider,
// redeems the code, and reports the outcome by postMessage (to our own origin only) and BroadcastChannel
// (which still works when a cross-origin hop severed window.opener).
import type { Provider } from '@ledgerdesk/domain/entities';

export const OAUTH_CHANNEL = 'ledgerdesk:oauth';
export const OAUTH_POPUP_NAME = 'ledgerdesk-oauth';
const PENDING_PREFIX = 'ledgerdesk:oauth-pending:';
const PENDING_MAX_AGE_MS = 15 * 60_000;

export type PendingFlow = { provider: Provider; redirectUri: string; startedAt: number };

export type OAuthOutcome =
  | { status: 'connected'; integrationId: string; emailAddress: string | null }
  | { status: 'provider_error'; error: string; errorDescription: string | null }
  | { status: 'no_code' }
  | { status: 'exchange_failed'; message: string };

export type OAuthResultMessage = {
  type: 'ledgerdesk:oauth-result';
  state: string | null;
  provider: Provider;
  outcome: OAuthOutcome;
};

/** Remembers a started flow (provider and redirect URI) under its state, for the popup to find. */
export function savePendingFlow(state: string, flow: PendingFlow): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (!key.startsWith(PENDING_PREFIX)) continue;
      const old = parsePending(window.localStorage.getItem(key));
      if (!old || Date.now() - old.startedAt > PENDING_MAX_AGE_MS) window.localStorage.removeItem(key);
    }
    window.localStorage.setItem(PENDING_PREFIX + state, JSON.stringify(flow));
  } catch {
    // Storage blocked: the popup falls back to the provider query parameter.
  }
}

/** The flow started under `state`, or null. */
export function readPendingFlow(state: string | null): PendingFlow | null {
  if (!state) return null;
  try {
    return parsePending(window.localStorage.getItem(PENDING_PREFIX + state));
  } catch {
    return null;
  }
}

export function forgetPendingFlow(state: string | null): void {
  if (!state) return;
  try {
    window.localStorage.removeItem(PENDING_PREFIX + state);
  } catch {
    // Nothing to forget.
  }
}

function parsePending(raw: string | null): PendingFlow | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingFlow>;
    if (
      (value.provider === 'office365' || value.provider === 'gmail') &&
      typeof value.redirectUri === 'string'
    ) {
      return {
        provider: value.provider,
        redirectUri: value.redirectUri,
        startedAt: Number(value.startedAt) || 0,
      };
    }
  } catch {
    // Not ours.
  }
  return null;
}

/** Narrows a posted message to an OAuth result. */
export function isOAuthResultMessage(data: unknown): data is OAuthResultMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'ledgerdesk:oauth-result' &&
    typeof (data as { outcome?: unknown }).outcome === 'object'
  );
}

/** Sends the outcome to the opener (same origin only) and on the broadcast channel. */
export function publishOAuthResult(message: OAuthResultMessage): void {
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or cross-origin: the broadcast below still reaches it.
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}

/** The provider's return parameters on /integrations/email, or null when this is not a return. */
export function readReturnParams(search: string) {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const error = params.get('error');
  if (code === null && error === null) return null;
  const provider = params.get('provider');
  return {
    code,
    error,
    errorDescription: params.get('error_description'),
    state: params.get('state'),
    provider: provider === 'office365' || provider === 'gmail' ? provider : null,
  } as const;
}
