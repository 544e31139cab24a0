import { kindForStatus, ProviderError } from '../transport/provider-error';
import type { ServiceAccountKey } from './service-account-key';
import { createTokenSource } from './service-account-token';

/** Where and as whom the fleet reads Gmail's notifications (decision 021). */
export type PubSubConfig = {
  topic: string;
  subscription: string;
  /** e.g. https://pubsub.googleapis.com; requests go to `${url}/v1/{subscription}:pull`. */
  url: string;
  key: ServiceAccountKey;
};

export type ReceivedMessage = { ackId: string; data: string | null };

export type PubSubClient = {
  readonly topic: string;
  /**
   * One pull of at most `maxMessages`, held by Pub/Sub until one arrives or its own bound passes. `stop` is for
   * shutdown only: it abandons the pull (answered []), and whatever Pub/Sub hands the abandoned pull comes back
   * after the ack deadline, which is acceptable only because the node is going away.
   */
  pull(maxMessages: number, stop?: AbortSignal): Promise<ReceivedMessage[]>;
  acknowledge(ackIds: readonly string[]): Promise<void>;
};

/**
 * A pull is a long poll: Pub/Sub holds it "for a bounded amount of time" until a message is available, and a
 * pull cut short client-side strands the messages handed to it until their ack deadline. So it is never cut
 * while the service may be answering: only this generous bound (far above the service's hold) ends a pull
 * that never answers, and the caller's stop signal ends one at shutdown.
 */
export const PULL_TIMEOUT_MS = 90_000;
const ACK_TIMEOUT_MS = 10_000;

type PulledBody = { receivedMessages?: Array<{ ackId?: string; message?: { data?: string } }> };

/** Pub/Sub REST v1 with a service account's cached token (no Google SDK). */
export function createPubSubClient(config: PubSubConfig): PubSubClient {
  const tokens = createTokenSource(config.key);
  const call = async <T>(
    verb: 'pull' | 'acknowledge',
    body: object,
    timeoutMs: number,
    stop?: AbortSignal,
  ): Promise<T> => {
    const send = async () =>
      fetch(`${config.url}/v1/${config.subscription}:${verb}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokens.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: stop
          ? AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    let response = await send();
    if (response.status === 401) {
      tokens.forget();
      response = await send();
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as {
        error?: { status?: string; message?: string };
      };
      throw new ProviderError(
        kindForStatus(response.status),
        `Pub/Sub ${verb}: ${answer.error?.status ?? response.status} ${answer.error?.message ?? ''}`.trim(),
        response.status,
        answer.error?.status ?? null,
      );
    }
    return (await response.json().catch(() => ({}))) as T;
  };
  return {
    topic: config.topic,
    async pull(maxMessages, stop) {
      if (stop?.aborted) return [];
      let answer: PulledBody;
      try {
        answer = await call<PulledBody>('pull', { maxMessages }, PULL_TIMEOUT_MS, stop);
      } catch (error) {
        if (stop?.aborted) return [];
        throw error;
      }
      return (answer.receivedMessages ?? [])
        .filter((received) => typeof received.ackId === 'string')
        .map((received) => ({ ackId: received.ackId as string, data: received.message?.data ?? null }));
    },
    async acknowledge(ackIds) {
      if (ackIds.length > 0) await call('acknowledge', { ackIds }, ACK_TIMEOUT_MS);
    },
  };
}
