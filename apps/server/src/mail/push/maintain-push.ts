import type { Provider } from '@ledgerdesk/domain/entities';
import { LIVE_UPDATES_TEXT } from '@ledgerdesk/domain/integrations/live-updates';
import { findIntegration, type IntegrationCtx, type IntegrationRow } from '../core/integration-store';
import type { MailDeps } from '../core/mail-deps';
import type { PushChannel, PushSubscription } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import { isProviderError, ProviderError } from '../core/transport/provider-error';
import { SYNC_POLICY } from '../core/transport/retry-policy';
import { providerFor } from '../providers';
import { ADMIN_CONSENT_REQUIRED } from '../providers/microsoft/graph-app-session';
import { openProviderSession } from '../sessions';
import {
  deletePush,
  findGmailPushByAddress,
  type PushChannelName,
  type PushRow,
  readPush,
  savePush,
} from './push-store';

/** After this many failed attempts in a row Email Integration says "Live updates off" (the poll goes on). */
export const PUSH_FAILURES_BEFORE_OFF = 3;
/** An unavailable configuration is looked at again this often (settings change with a restart). */
const UNAVAILABLE_RECHECK_MS = 60 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/**
 * A shared mailbox whose tenant has not granted the application permission is asked again daily (with the
 * renewals) or when somebody presses "Check again" — never retried with a backoff (decision 028).
 */
export const ADMIN_CONSENT_RECHECK_MS = 24 * 60 * 60_000;
const PUSH_TURNED_OFF = LIVE_UPDATES_TEXT.turnedOff;

export type PushJobOutcome = 'live' | 'unavailable' | 'failed' | 'skipped';

const channelOf = (provider: Provider): PushChannelName =>
  provider === 'gmail' ? 'gmail-watch' : provider === 'imap' ? 'imap-idle' : 'graph-subscription';

/** Backoff after `failures` failed attempts: 1, 2, 4 … minutes, at most an hour. */
export function pushRetryDelayMs(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, failures - 1));
}

/** Why setting up live updates failed, in words for Email Integration. */
export function describePushFailure(error: unknown): string {
  if (isProviderError(error, 'forbidden')) return 'The mail provider refused live updates for this mailbox.';
  if (isProviderError(error, 'unauthorized', 'invalid_grant'))
    return 'The mailbox connection needs attention.';
  if (isProviderError(error, 'throttled')) return 'The mail provider is busy (throttled).';
  if (isProviderError(error, 'network', 'timeout', 'unavailable'))
    return 'The mail provider could not be reached.';
  if (isProviderError(error, 'bad_request'))
    return error.message || 'The mail provider refused the subscription request.';
  return 'Live updates could not be set up.';
}

const storedSubscription = (row: PushRow | null): PushSubscription | null =>
  row?.state === 'live' && row.expiresAt
    ? { subscriptionId: row.subscriptionId, clientStateHash: row.clientStateHash, expiresAt: row.expiresAt }
    : null;

/**
 * Sets up, renews or retries one mailbox's live updates (the fleet's push job, one per mailbox at a time
 * across nodes). Failure is recorded with a reason and a backoff; it never touches syncing, which goes on.
 */
export async function maintainPush(
  deps: MailDeps,
  data: { integrationId: string; userId: string },
): Promise<PushJobOutcome> {
  const ctx: IntegrationCtx = { deps, userId: data.userId };
  const integration = await findIntegration(ctx, data.integrationId);
  if (!integration?.isActive || integration.needsReconnect) return 'skipped';
  // An IMAP mailbox's live updates are its IDLE, held by a node's IDLE holder (mail/push/imap-idle), not a push job.
  if (integration.provider === 'imap') return 'skipped';
  const now = new Date();
  const channelName = channelOf(integration.provider);
  const channel = pushChannelOf(deps, integration);
  const reason =
    deps.env.MAIL_PUSH === 'off'
      ? PUSH_TURNED_OFF
      : channel
        ? channel.unavailableReason()
        : 'This mail provider does not offer live updates.';
  if (!channel || reason) {
    await savePush(ctx, integration.id, {
      channel: channelName,
      state: 'unavailable',
      lastError: reason,
      subscriptionId: null,
      clientStateHash: null,
      expiresAt: null,
      // Turned off here: a node with live updates on looks at it in its next round; otherwise in an hour.
      nextAttemptAt: reason === PUSH_TURNED_OFF ? now : new Date(now.getTime() + UNAVAILABLE_RECHECK_MS),
    });
    return 'unavailable';
  }
  const current = await readPush(ctx, integration.id);
  const session = openProviderSession(ctx, integration, { policy: SYNC_POLICY });
  try {
    const existing = storedSubscription(current);
    let subscription: PushSubscription;
    if (existing && existing.expiresAt.getTime() > now.getTime()) {
      try {
        subscription = await channel.renew(session, existing);
      } catch (error) {
        if (!isProviderError(error, 'not_found')) throw error;
        subscription = await channel.start(session, { integrationId: integration.id });
      }
    } else {
      subscription = await channel.start(session, { integrationId: integration.id });
    }
    await savePush(ctx, integration.id, {
      channel: channel.channel,
      state: 'live',
      subscriptionId: subscription.subscriptionId,
      clientStateHash: subscription.clientStateHash,
      expiresAt: subscription.expiresAt,
      renewedAt: now,
      failureCount: 0,
      lastError: null,
      nextAttemptAt: now,
    });
    await stopReplaced(ctx, channel, session, current, subscription);
    return 'live';
  } catch (error) {
    if (error instanceof ProviderError && error.providerCode === ADMIN_CONSENT_REQUIRED) {
      deps.log.info(
        { integrationId: integration.id },
        'live updates of a shared mailbox wait for admin consent',
      );
      // Nothing can deliver without the permission: the mailbox is polled fast instead (jobs/sync-fleet.ts).
      await savePush(ctx, integration.id, {
        channel: channel.channel,
        state: 'unavailable',
        subscriptionId: null,
        clientStateHash: null,
        expiresAt: null,
        failureCount: 0,
        lastError: LIVE_UPDATES_TEXT.sharedNeedsConsent,
        nextAttemptAt: new Date(now.getTime() + ADMIN_CONSENT_RECHECK_MS),
      });
      return 'unavailable';
    }
    const failures = (current?.failureCount ?? 0) + 1;
    deps.log.warn(
      { err: error, integrationId: integration.id, failures },
      'live updates could not be set up',
    );
    // A subscription that still lives keeps delivering: its id and expiry stay until it runs out.
    await savePush(ctx, integration.id, {
      channel: channel.channel,
      state: 'failing',
      failureCount: failures,
      lastError: describePushFailure(error),
      nextAttemptAt: new Date(now.getTime() + pushRetryDelayMs(failures)),
    });
    return 'failed';
  }
}

/** A subscription replaced by a new one (after a reset or a failure) is removed, so none is left delivering. */
async function stopReplaced(
  ctx: IntegrationCtx,
  channel: PushChannel,
  session: MailSession,
  previous: PushRow | null,
  next: PushSubscription,
): Promise<void> {
  if (!previous?.subscriptionId || previous.subscriptionId === next.subscriptionId || !previous.expiresAt)
    return;
  try {
    await channel.stop(session, {
      subscriptionId: previous.subscriptionId,
      clientStateHash: previous.clientStateHash,
      expiresAt: previous.expiresAt,
    });
  } catch (error) {
    ctx.deps.log.debug({ err: error }, 'a replaced subscription could not be removed');
  }
}

/** The provider's push channel for this integration, or null when it has none. */
function pushChannelOf(deps: MailDeps, integration: IntegrationRow): PushChannel | null {
  try {
    return providerFor(deps, integration.provider).push ?? null;
  } catch {
    return null;
  }
}

/**
 * A mailbox connected, reactivated or reset: its live updates are set up again at the next push job (the
 * caller queues one at once; the fleet's round would find it within a minute anyway).
 */
export async function restartPush(ctx: IntegrationCtx, integration: IntegrationRow): Promise<void> {
  const current = await readPush(ctx, integration.id);
  await savePush(ctx, integration.id, {
    channel: channelOf(integration.provider),
    state: 'pending',
    failureCount: 0,
    nextAttemptAt: new Date(),
    // Keep the old subscription's id until a new one replaces it: its late notifications still find the mailbox.
    ...(current ? {} : { lastError: null }),
  });
}

/**
 * Whether another connection of the same Gmail address (two users may connect one address) still has live
 * updates: Gmail keeps one watch per mailbox, and users.stop names no watch, so stopping it would stop theirs.
 */
async function isGmailWatchShared(ctx: IntegrationCtx, integration: IntegrationRow): Promise<boolean> {
  if (integration.provider !== 'gmail') return false;
  const watchers = await findGmailPushByAddress(ctx.deps.db, integration.emailAddress);
  return watchers.some((watcher) => watcher.integrationId !== integration.id);
}

/**
 * A mailbox disconnected: its subscription or watch is removed at the provider (best effort) and forgotten. A
 * Gmail watch another connection of the address still needs is left running (its daily renewal keeps it).
 */
export async function stopPush(ctx: IntegrationCtx, integration: IntegrationRow): Promise<void> {
  const current = await readPush(ctx, integration.id);
  const existing = storedSubscription(current);
  const channel = pushChannelOf(ctx.deps, integration);
  if (existing && channel && !channel.unavailableReason() && !(await isGmailWatchShared(ctx, integration))) {
    try {
      await channel.stop(openProviderSession(ctx, integration, { policy: SYNC_POLICY }), existing);
    } catch (error) {
      ctx.deps.log.warn({ err: error, integrationId: integration.id }, 'live updates could not be removed');
    }
  }
  await deletePush(ctx, integration.id);
}

/**
 * "Check again" on a shared mailbox whose live updates wait for the tenant admin's consent (decision 028): sets
 * them up now, in the request, so the card answers at once — live when the consent has been given since.
 */
export async function checkLiveUpdatesAgain(
  deps: MailDeps,
  mailbox: { userId: string; integrationId: string },
): Promise<PushJobOutcome> {
  const ctx: IntegrationCtx = { deps, userId: mailbox.userId };
  const integration = await findIntegration(ctx, mailbox.integrationId);
  if (!integration) return 'skipped';
  await restartPush(ctx, integration);
  return maintainPush(deps, mailbox);
}
