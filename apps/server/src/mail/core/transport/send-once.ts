import { sleep } from './fetch-with-retry';
import { ProviderError } from './provider-error';

/** Answers after which a send may have happened: the request reached the provider, its answer was lost. */
const UNKNOWN_OUTCOME_STATUSES = new Set([408, 500, 502, 503, 504]);

/**
 * Whether a failed send may nevertheless have been sent (decision 029): a timeout, a dropped connection, or a
 * gateway/server error answered after the request went out. A 429, a 4xx refusal or a failure before the
 * request left (no token, a refused login, a refused recipient) is not: the provider surely did not send it.
 */
export function isUnknownOutcome(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  return error.status !== null && UNKNOWN_OUTCOME_STATUSES.has(error.status);
}

/**
 * How long after a send whose answer was lost its Sent copy is looked for before the send counts as not made
 * (the providers file the copy asynchronously, within seconds). The outgoing row is tried again later, and
 * that try looks again first, so the whole grace is this plus the sender's retry delay.
 */
export const SENT_RECHECK_DELAYS_MS: readonly number[] = [0, 2_000];

export type SendOnceOptions = {
  /** Whether an earlier attempt of this very message may have reached the provider: look before posting. */
  mayHaveBeenSent: boolean;
  /** The one non-idempotent request (sendMail, messages.send, SMTP DATA). */
  post: () => Promise<void>;
  /** Whether the mailbox's Sent folder holds the message by its identity. */
  isSent: () => Promise<boolean>;
  /** Absolute time (ms) past which no recheck is waited for. */
  deadline?: number;
  recheckDelaysMs?: readonly number[];
  wait?: (ms: number) => Promise<void>;
};

/**
 * Posts a send at most once per attempt and never blindly twice (decision 029): a send that may already have
 * happened is looked for in Sent first; a post whose answer was lost is looked for within the grace. Answers
 * 'sent' (posted now) or 'found' (an earlier post went out); rethrows the failure when the send is not found,
 * for the caller to try again later — that try looks first.
 */
export async function sendOnce(options: SendOnceOptions): Promise<'sent' | 'found'> {
  if (options.mayHaveBeenSent && (await options.isSent())) return 'found';
  try {
    await options.post();
    return 'sent';
  } catch (error) {
    if (!isUnknownOutcome(error)) throw error;
    const wait = options.wait ?? sleep;
    for (const delay of options.recheckDelaysMs ?? SENT_RECHECK_DELAYS_MS) {
      if (options.deadline !== undefined && Date.now() + delay >= options.deadline) break;
      if (delay > 0) await wait(delay);
      if (await options.isSent().catch(() => false)) return 'found';
    }
    throw error;
  }
}
