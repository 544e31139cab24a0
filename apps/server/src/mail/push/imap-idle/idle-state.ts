import type { IntegrationCtx } from '../../core/integration-store';
import { isProviderError } from '../../core/transport/provider-error';
import { PUSH_FAILURES_BEFORE_OFF } from '../maintain-push';
import { readPush, savePush } from '../push-store';

/** After a failure the mailbox waits this long before any node tries its IDLE again (doubling each time). */
const RETRY_BASE_MS = 5_000;
/** A refused login waits longer: it will not fix itself in seconds, and retrying it looks like an attack. */
const AUTH_RETRY_BASE_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A connection that lasted this long counts as healthy: its loss starts the backoff from the beginning. */
export const HEALTHY_CONNECTION_MS = 60_000;

/** The wait after `failures` failures in a row: 5, 10, 20 … s (a refused login: 1, 2, 4 … min), at most an hour. */
export function idleRetryDelayMs(failures: number, error: unknown): number {
  // A refused login, or a server name now on a private address: neither fixes itself in seconds.
  const base = isProviderError(error, 'unauthorized', 'forbidden') ? AUTH_RETRY_BASE_MS : RETRY_BASE_MS;
  return Math.min(MAX_RETRY_MS, base * 2 ** Math.max(0, failures - 1));
}

/** Why IDLE is not held, in words for Email Integration (the ProviderError's message names the step). */
export function describeIdleFailure(error: unknown): string {
  if (isProviderError(error, 'unauthorized')) return 'The IMAP server refused the user name or password.';
  if (isProviderError(error, 'network', 'timeout', 'unavailable', 'forbidden'))
    return error instanceof Error ? error.message : 'The IMAP server could not be reached.';
  return 'The IMAP server ended the live connection.';
}

/** IDLE is held: Email Integration says "Live updates". The failure count stays until the connection proves healthy. */
export async function markIdleLive(ctx: IntegrationCtx, integrationId: string, at: Date): Promise<void> {
  await savePush(ctx, integrationId, {
    channel: 'imap-idle',
    state: 'live',
    lastError: null,
    renewedAt: at,
    nextAttemptAt: at,
  });
}

/**
 * IDLE could not be held (login refused, server unreachable, connection lost): the row says why, and no node
 * takes the mailbox again before the backoff is over (the lease claim skips it). Answers the wait.
 */
export async function markIdleFailed(
  ctx: IntegrationCtx,
  integrationId: string,
  error: unknown,
  uptimeMs: number,
): Promise<number> {
  const current = await readPush(ctx, integrationId);
  const earlier = uptimeMs >= HEALTHY_CONNECTION_MS ? 0 : (current?.failureCount ?? 0);
  // A refused login will not fix itself: Email Integration says "Live updates off" with the reason at once
  // (three failures is the other errors' threshold), and the waits are 1, 2, 4 … minutes from there.
  const isRefused = isProviderError(error, 'unauthorized');
  const failures = isRefused ? Math.max(earlier + 1, PUSH_FAILURES_BEFORE_OFF) : earlier + 1;
  const delayMs = idleRetryDelayMs(isRefused ? failures - PUSH_FAILURES_BEFORE_OFF + 1 : failures, error);
  await savePush(ctx, integrationId, {
    channel: 'imap-idle',
    state: 'failing',
    failureCount: failures,
    lastError: describeIdleFailure(error),
    nextAttemptAt: new Date(Date.now() + delayMs),
  });
  return delayMs;
}
