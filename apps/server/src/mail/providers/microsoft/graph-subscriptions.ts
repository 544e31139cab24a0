import { createHash, randomBytes } from 'node:crypto';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { PushChannel, PushSubscription } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { ProviderError } from '../../core/transport/provider-error';
import { ADMIN_CONSENT_REQUIRED, createAppTokens, isConsentRefusal } from './graph-app-session';
import { graphCall, graphMailbox } from './graph-request';

/** Outlook messages allow at most 4,230 minutes; we ask for a little less so clock skew never exceeds it. */
export const GRAPH_SUBSCRIPTION_MAX_MINUTES = 4230;
const EXPIRY_MARGIN_MINUTES = 30;
/** Paths under PUBLIC_URL that Graph posts to (features/webhooks answers them). */
export const GRAPH_WEBHOOK_PATH = '/api/webhooks/graph';
export const GRAPH_LIFECYCLE_PATH = '/api/webhooks/graph/lifecycle';

export const GRAPH_PUSH_NEEDS_HTTPS =
  'Live updates need an https PUBLIC_URL that Microsoft can reach; checking every minute.';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopbackHttp = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
};

type GraphSubscription = { id: string; expirationDateTime: string };

/** SHA-256 (hex) of a clientState: only the hash is stored, the webhook hashes what it receives to compare. */
export function hashClientState(clientState: string): string {
  return createHash('sha256').update(clientState, 'utf8').digest('hex');
}

const expiryFrom = (now: number) =>
  new Date(now + (GRAPH_SUBSCRIPTION_MAX_MINUTES - EXPIRY_MARGIN_MINUTES) * 60_000).toISOString();

const toPushSubscription = (
  subscription: GraphSubscription,
  clientStateHash: string | null,
): PushSubscription => {
  if (!subscription?.id || !subscription.expirationDateTime) {
    throw new ProviderError('unknown', 'Microsoft Graph answered a subscription without an id or expiry.');
  }
  return {
    subscriptionId: subscription.id,
    clientStateHash,
    expiresAt: new Date(subscription.expirationDateTime),
  };
};

/**
 * Graph change notifications for one mailbox's messages (decision 021): one subscription on `me/messages`,
 * created with a fresh random clientState, renewed by PATCHing its expiry, removed on disconnect.
 *
 * A shared mailbox's subscription (`users/{address}/messages`) is the application's own, made with an app-only
 * token (decision 028): Graph refuses delegated subscriptions on any mailbox but the signed-in user's. When the
 * tenant's admin has not granted the application permission, the call fails with ADMIN_CONSENT_REQUIRED.
 */
export function createGraphPushChannel(config: MicrosoftConfig): PushChannel {
  const appTokens = createAppTokens(config);
  const asSubscriber = async <T>(session: MailSession, work: (subscriber: MailSession) => Promise<T>) => {
    if (!session.sharedMailbox) return work(session);
    try {
      return await work(appTokens.sessionFor(session));
    } catch (error) {
      if (!isConsentRefusal(error)) throw error;
      appTokens.forget(session);
      const status = error instanceof ProviderError ? error.status : null;
      throw new ProviderError(
        'forbidden',
        `Microsoft 365 refused the app-only subscription: ${error instanceof Error ? error.message : 'refused'}`,
        status,
        ADMIN_CONSENT_REQUIRED,
      );
    }
  };
  return {
    channel: 'graph-subscription',
    unavailableReason() {
      // Graph refuses a notificationUrl that is not https. The sandbox (mounted, or a stand-alone one on this
      // machine, as in tests) takes a loopback http one: it is the only "Graph" that can reach it.
      if (config.isSandbox || config.publicUrl.startsWith('https://')) return null;
      if (isLoopbackHttp(config.graphUrl) && isLoopbackHttp(config.publicUrl)) return null;
      return GRAPH_PUSH_NEEDS_HTTPS;
    },
    async start(session: MailSession) {
      const clientState = randomBytes(32).toString('base64url');
      const created = await asSubscriber(session, (subscriber) =>
        graphCall<GraphSubscription>(subscriber, config, '/subscriptions', {
          method: 'POST',
          body: {
            changeType: 'created,updated,deleted',
            resource: `${graphMailbox(session).slice(1)}/messages`,
            notificationUrl: `${config.publicUrl}${GRAPH_WEBHOOK_PATH}`,
            lifecycleNotificationUrl: `${config.publicUrl}${GRAPH_LIFECYCLE_PATH}`,
            expirationDateTime: expiryFrom(Date.now()),
            clientState,
          },
        }),
      );
      return toPushSubscription(created, hashClientState(clientState));
    },
    async renew(session: MailSession, current: PushSubscription) {
      if (!current.subscriptionId) throw new ProviderError('not_found', 'No Graph subscription to renew.');
      const id = current.subscriptionId;
      const renewed = await asSubscriber(session, (subscriber) =>
        graphCall<GraphSubscription>(subscriber, config, `/subscriptions/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { expirationDateTime: expiryFrom(Date.now()) },
        }),
      );
      return toPushSubscription(renewed, current.clientStateHash);
    },
    async stop(session: MailSession, current: PushSubscription) {
      if (!current.subscriptionId) return;
      const id = current.subscriptionId;
      try {
        await asSubscriber(session, (subscriber) =>
          graphCall<null>(subscriber, config, `/subscriptions/${encodeURIComponent(id)}`, {
            method: 'DELETE',
          }),
        );
      } catch (error) {
        // Already gone at Graph (expired or removed): nothing left to stop.
        if (!(error instanceof ProviderError && error.kind === 'not_found')) throw error;
      }
    },
  };
}
