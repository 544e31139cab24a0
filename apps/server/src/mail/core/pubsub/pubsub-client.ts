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
  /** One pull of at most `maxMessages`; an empty list when none came within the request's time. */
  pull(maxMessages: number): Promise<ReceivedMessage[]>;
  acknowledge(ackIds: readonly string[]): Promise<void>;
};

/**
 * A pull waits at most this long. Pub/Sub may hold an empty pull open for a while (`returnImmediately` is
 * deprecated); the fleet pulls again next second anyway, so a slot never hangs on it. Messages a cut-off pull
 * had leased come back after their ack deadline.
 */
const PULL_TIMEOUT_MS = 3_000;
const ACK_TIMEOUT_MS = 10_000;

type PulledBody = { receivedMessages?: Array<{ ackId?: string; message?: { data?: string } }> };

/** Pub/Sub REST v1 with a service account's cached token (no Google SDK). */
export function createPubSubClient(config: PubSubConfig): PubSubClient {
  const tokens = createTokenSource(config.key);
  const call = async <T>(verb: 'pull' | 'acknowledge', body: object, timeoutMs: number): Promise<T> => {
    const send = async () =>
      fetch(`${config.url}/v1/${config.subscription}:${verb}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokens.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
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
    async pull(maxMessages) {
      let answer: PulledBody;
      try {
        answer = await call<PulledBody>('pull', { maxMessages }, PULL_TIMEOUT_MS);
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') return [];
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
