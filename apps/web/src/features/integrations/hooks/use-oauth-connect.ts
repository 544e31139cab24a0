import {
  OAUTH_POPUP_CLOSED_CHECK_MS,
  OAUTH_POPUP_HEIGHT,
  OAUTH_POPUP_TIMEOUT_MS,
  OAUTH_POPUP_WIDTH,
} from '@ledgerdesk/domain/constants';
import type { Provider } from '@ledgerdesk/domain/entities';
import {
  CONNECTION_FAILED_TITLE,
  OAUTH_CANCELLED,
  OAUTH_TIMEOUT,
  oauthErrorMessage,
  POPUP_BLOCKED,
  PROVIDER_LABELS,
} from '@ledgerdesk/domain/integrations/oauth-messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getAuthUrl, oauthRedirectUri } from '../api/oauth';
import { errorText, notify } from '../utils/notify';
import {
  forgetPendingFlow,
  isOAuthResultMessage,
  OAUTH_CHANNEL,
  OAUTH_POPUP_NAME,
  type OAuthResultMessage,
  savePendingFlow,
} from '../utils/oauth-channel';
import { useOAuthOutcome } from './use-oauth-outcome';

/** `sharedMailbox`: a Microsoft 365 shared mailbox to open with this sign-in ("Add a shared mailbox"). */
export type ConnectOptions = { sharedMailbox?: string };

type Flow = { provider: Provider; popup: Window; state: string | null; cleanup: () => void };

// A popup that closes right after posting its result may be seen closed a moment before the message is
// handled, and a browser that isolates the popup on its way back (Cross-Origin-Opener-Policy) reports it closed
// while it still finishes; the broadcast channel keeps listening this long before calling it a cancellation.
const CLOSED_GRACE_MS = 1500;

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - OAUTH_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - OAUTH_POPUP_HEIGHT) / 2));
  return `width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top},scrollbars=yes,resizable=yes`;
}

/**
 * The connect flow of spec §4 "OAuth popup": a 600×700 popup on the provider's consent page, checked every
 * second for being closed, given up after 5 minutes; the outcome comes back from the return page.
 */
export function useOAuthConnect() {
  const handleOutcome = useOAuthOutcome();
  const flowRef = useRef<Flow | null>(null);
  const [connecting, setConnecting] = useState<Provider | null>(null);
  const [connectingShared, setConnectingShared] = useState(false);

  const end = useCallback((flow: Flow) => {
    if (flowRef.current !== flow) return false;
    flow.cleanup();
    flowRef.current = null;
    forgetPendingFlow(flow.state);
    setConnecting(null);
    return true;
  }, []);

  const fail = useCallback(
    (flow: Flow, description: string) => {
      if (!end(flow)) return;
      notify({ title: CONNECTION_FAILED_TITLE, description, tone: 'destructive' });
    },
    [end],
  );

  const connect = useCallback(
    async (provider: Provider, options: ConnectOptions = {}) => {
      if (flowRef.current) {
        flowRef.current.popup.focus();
        return;
      }
      // Opened now, inside the click, so the browser does not treat it as an unrequested popup.
      const popup = window.open('', OAUTH_POPUP_NAME, popupFeatures());
      if (!popup || popup.closed) {
        notify({ title: CONNECTION_FAILED_TITLE, description: POPUP_BLOCKED, tone: 'destructive' });
        return;
      }
      showWaiting(popup, provider);
      const timers: number[] = [];
      const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OAUTH_CHANNEL);
      const flow: Flow = {
        provider,
        popup,
        state: null,
        cleanup: () => {
          for (const timer of timers) {
            window.clearTimeout(timer);
            window.clearInterval(timer);
          }
          window.removeEventListener('message', onWindowMessage);
          channel?.close();
        },
      };
      const onResult = (message: OAuthResultMessage) => {
        if (flowRef.current !== flow || message.state !== flow.state) return;
        end(flow);
        if (!popup.closed) popup.close();
        handleOutcome(provider, message.outcome);
      };
      function onWindowMessage(event: MessageEvent) {
        // Only our own origin, and only the popup we opened.
        if (event.origin !== window.location.origin || event.source !== popup) return;
        if (isOAuthResultMessage(event.data)) onResult(event.data);
      }
      window.addEventListener('message', onWindowMessage);
      if (channel) channel.onmessage = (event) => isOAuthResultMessage(event.data) && onResult(event.data);
      flowRef.current = flow;
      setConnecting(provider);
      setConnectingShared(options.sharedMailbox !== undefined);

      let isClosedSeen = false;
      timers.push(
        window.setInterval(() => {
          if (isClosedSeen || !popup.closed) return;
          isClosedSeen = true;
          timers.push(window.setTimeout(() => fail(flow, OAUTH_CANCELLED), CLOSED_GRACE_MS));
        }, OAUTH_POPUP_CLOSED_CHECK_MS),
        window.setTimeout(() => {
          if (!popup.closed) popup.close();
          fail(flow, OAUTH_TIMEOUT);
        }, OAUTH_POPUP_TIMEOUT_MS),
      );

      try {
        const redirectUri = oauthRedirectUri(provider);
        const authUrl = await getAuthUrl(provider, redirectUri, options.sharedMailbox);
        if (flowRef.current !== flow) return;
        flow.state = new URL(authUrl).searchParams.get('state');
        if (flow.state) savePendingFlow(flow.state, { provider, redirectUri, startedAt: Date.now() });
        popup.location.href = authUrl;
      } catch (error) {
        if (!popup.closed) popup.close();
        fail(flow, oauthErrorMessage(errorText(error)));
      }
    },
    [end, fail, handleOutcome],
  );

  useEffect(() => () => flowRef.current?.cleanup(), []);

  return { connect, connecting, connectingShared };
}

/** A line of text in the blank popup while the consent URL is fetched. */
function showWaiting(popup: Window, provider: Provider) {
  try {
    popup.document.title = `Connecting ${PROVIDER_LABELS[provider]}`;
    const text = popup.document.createElement('p');
    text.textContent = `Opening ${PROVIDER_LABELS[provider]} sign-in...`;
    text.style.font = '14px system-ui, sans-serif';
    text.style.margin = '2rem';
    popup.document.body.replaceChildren(text);
  } catch {
    // A reused popup already on another origin: it is navigated below anyway.
  }
}
