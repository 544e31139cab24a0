import type { GoogleConfig } from '../../core/mail-config';
import type { PushChannel, PushSubscription } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { isProviderError, ProviderError } from '../../core/transport/provider-error';
import { gmailCall } from './gmail-request';

/**
 * The labels whose changes Gmail announces: Inbox and Sent are triage's folders; a message archived loses INBOX
 * (announced as that label's removal); UNREAD covers what reaches the archive without the inbox (filters that skip
 * it arrive unread) and read-state changes of archived mail. Anything else still reaches triage by the poll.
 */
export const GMAIL_WATCH_LABELS = ['INBOX', 'SENT', 'UNREAD'] as const;

export const GMAIL_PUSH_UNAVAILABLE = 'Live updates need Google Pub/Sub settings; checking every minute.';

type WatchAnswer = { historyId?: string; expiration?: string };

/** Gmail's users.watch / users.stop as the provider's push channel (decision 021). */
export function createGmailWatch(config: GoogleConfig): PushChannel {
  const watch = async (session: MailSession): Promise<PushSubscription> => {
    if (!config.pubsub) throw new ProviderError('bad_request', GMAIL_PUSH_UNAVAILABLE);
    const answer = await gmailCall<WatchAnswer>(session, config, '/users/me/watch', {
      method: 'POST',
      body: {
        topicName: config.pubsub.topic,
        labelIds: [...GMAIL_WATCH_LABELS],
        labelFilterBehavior: 'include',
      },
    });
    const expiration = Number(answer?.expiration);
    if (!Number.isFinite(expiration) || expiration <= 0) {
      throw new ProviderError('bad_response', 'Gmail answered a watch without its expiration');
    }
    return { subscriptionId: null, clientStateHash: null, expiresAt: new Date(expiration) };
  };
  return {
    channel: 'gmail-watch',
    unavailableReason: () => (config.pubsub ? null : GMAIL_PUSH_UNAVAILABLE),
    start: (session) => watch(session),
    // Calling watch again renews it (Google: at least every 7 days, daily recommended).
    renew: (session) => watch(session),
    async stop(session) {
      try {
        await gmailCall(session, config, '/users/me/stop', { method: 'POST' });
      } catch (error) {
        // Google answers stop with an empty body; only a refusal is a failure.
        if (!isProviderError(error, 'bad_response')) throw error;
      }
    },
  };
}
