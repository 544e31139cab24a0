import type { SandboxContext } from '../context';
import { type PubSubSubscription, pullMessages } from './pubsub-state';

/**
 * How long an empty pull is held open. Pub/Sub, without `returnImmediately`, "may wait (for a bounded amount of
 * time) until at least one message is available" (pubsub v1 PullRequest); longer than the 3 s some clients give
 * up after, so a client that cuts its pull short strands what the held request is then handed.
 */
export const PULL_HOLD_MS = 5_000;
/** A held pull also looks again this often: a lapsed lease or a delayed delivery becomes visible without a publish. */
const RECHECK_MS = 100;

type Pulled = ReturnType<typeof pullMessages>;

/**
 * A pull as Pub/Sub answers it: at once when messages are visible (or `returnImmediately` was asked for), else
 * held until one is published or becomes visible, PULL_HOLD_MS passes, or the server closes. The messages are
 * leased to this request even when its client has gone away meanwhile (they come back after the ack deadline).
 */
export async function holdPull(
  ctx: SandboxContext,
  subscription: PubSubSubscription,
  max: number,
  returnImmediately: boolean,
): Promise<Pulled> {
  const deadline = Date.now() + PULL_HOLD_MS;
  let isClosing = false;
  for (;;) {
    const messages = pullMessages(ctx.pubsub, subscription, max, ctx.now());
    const left = deadline - Date.now();
    if (messages.length > 0 || returnImmediately || isClosing || left <= 0) return messages;
    await new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        ctx.pubsub.waitingPulls.delete(wake);
        ctx.held.delete(close);
        resolve();
      };
      const close = (): void => {
        isClosing = true;
        wake();
      };
      const timer = setTimeout(wake, Math.min(RECHECK_MS, left));
      ctx.pubsub.waitingPulls.add(wake);
      ctx.held.add(close);
    });
  }
}
