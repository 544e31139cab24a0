import { randomBytes } from 'node:crypto';
import { SANDBOX_PUBSUB_SUBSCRIPTION, SANDBOX_PUBSUB_TOPIC } from './service-account';

/** Pub/Sub's default ack deadline: a pulled message not acknowledged by then is delivered again. */
export const DEFAULT_ACK_DEADLINE_SECONDS = 10;

export type PubSubMessage = { messageId: string; data: string; publishTime: string };

/** A message waiting in a subscription: visible from `visibleAt`, leased to `ackId` once pulled. */
type Pending = { message: PubSubMessage; visibleAt: number; ackId: string | null; deliveryAttempt: number };

export type PubSubSubscription = {
  name: string;
  topic: string;
  ackDeadlineSeconds: number;
  pending: Pending[];
};

/**
 * Faults on the way from Gmail to the subscription (control API): a share dropped or duplicated, every message
 * delayed, the backlog handed out newest first; refused watch calls; one message hidden from the next history read.
 */
export type GmailPushFaults = {
  dropShare: number;
  duplicateShare: number;
  delayMs: number;
  isReordered: boolean;
  refuseWatchCount: number;
  hideFromHistory: Array<{ mailbox: string; afterSeq: number; mode: 'lag' | 'skip' }>;
};

export type PubSubState = {
  subscriptions: Map<string, PubSubSubscription>;
  topics: Set<string>;
  /** Service-account access tokens → expiry (ms). */
  accessTokens: Map<string, number>;
  faults: GmailPushFaults;
  nextMessageId: number;
  /** Messages dropped by a fault, for tests and the bench. */
  dropped: number;
  /** Held pulls (long poll): each is woken when a message is published. */
  waitingPulls: Set<() => void>;
};

export function noPushFaults(): GmailPushFaults {
  return {
    dropShare: 0,
    duplicateShare: 0,
    delayMs: 0,
    isReordered: false,
    refuseWatchCount: 0,
    hideFromHistory: [],
  };
}

/** The sandbox's one topic with its one pull subscription. */
export function createPubSubState(): PubSubState {
  const subscription = {
    name: SANDBOX_PUBSUB_SUBSCRIPTION,
    topic: SANDBOX_PUBSUB_TOPIC,
    ackDeadlineSeconds: DEFAULT_ACK_DEADLINE_SECONDS,
    pending: [],
  };
  return {
    subscriptions: new Map([[subscription.name, subscription]]),
    topics: new Set([SANDBOX_PUBSUB_TOPIC]),
    accessTokens: new Map(),
    faults: noPushFaults(),
    nextMessageId: 1,
    dropped: 0,
    waitingPulls: new Set(),
  };
}

/**
 * Publishes `data` (already base64) to every subscription of `topic`, through the armed faults; answers false
 * when a fault dropped it.
 */
export function publish(
  state: PubSubState,
  topic: string,
  data: string,
  now: number,
  random = Math.random,
): boolean {
  const { faults } = state;
  if (faults.dropShare > 0 && random() < faults.dropShare) {
    state.dropped++;
    return false;
  }
  const copies = faults.duplicateShare > 0 && random() < faults.duplicateShare ? 2 : 1;
  for (const subscription of state.subscriptions.values()) {
    if (subscription.topic !== topic) continue;
    const message = {
      messageId: String(state.nextMessageId++),
      data,
      publishTime: new Date(now).toISOString(),
    };
    // A duplicate is the same message delivered twice (Pub/Sub is at-least-once), not a second publish.
    for (let copy = 0; copy < copies; copy++) {
      subscription.pending.push({
        message,
        visibleAt: now + faults.delayMs,
        ackId: null,
        deliveryAttempt: 0,
      });
    }
  }
  for (const wake of [...state.waitingPulls]) wake();
  return true;
}

/** Up to `max` visible messages, leased until the ack deadline; a lease that ran out is handed out again. */
export function pullMessages(state: PubSubState, subscription: PubSubSubscription, max: number, now: number) {
  const visible = subscription.pending.filter((entry) => entry.visibleAt <= now);
  if (state.faults.isReordered) visible.reverse();
  const taken = visible.slice(0, max);
  for (const entry of taken) {
    entry.ackId = randomBytes(12).toString('base64url');
    entry.deliveryAttempt++;
    entry.visibleAt = now + subscription.ackDeadlineSeconds * 1000;
  }
  return taken.map((entry) => ({
    ackId: entry.ackId ?? '',
    message: entry.message,
    deliveryAttempt: entry.deliveryAttempt,
  }));
}

/** Removes the messages leased under these ack ids (unknown or stale ids are ignored, as Pub/Sub does). */
export function acknowledge(subscription: PubSubSubscription, ackIds: readonly string[]): void {
  const acked = new Set(ackIds);
  subscription.pending = subscription.pending.filter((entry) => !entry.ackId || !acked.has(entry.ackId));
}
