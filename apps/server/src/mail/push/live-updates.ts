import { timingSafeEqual } from 'node:crypto';
import { findIntegration } from '../core/integration-store';
import type { MailDeps } from '../core/mail-deps';
import { hashClientState } from '../providers/microsoft/graph-subscriptions';
import { restartPush, stopPush } from './maintain-push';

type MailboxRef = { userId: string; integrationId: string };

/**
 * A mailbox connected, reactivated, reset or told by Graph that its subscription was removed: its live updates
 * are set up again by the next push job (the caller queues one). Nothing happens for an unknown mailbox.
 */
export async function restartLiveUpdates(deps: MailDeps, mailbox: MailboxRef): Promise<void> {
  const ctx = { deps, userId: mailbox.userId };
  const integration = await findIntegration(ctx, mailbox.integrationId);
  if (integration) await restartPush(ctx, integration);
}

/** The node's push queue (the sync fleet), or null where this process runs none. */
export type PushQueue = { queuePush(mailbox: MailboxRef): Promise<unknown> } | null;

/**
 * Turns a mailbox's live updates (back) on — connected, reactivated, reset, access granted again: their state is
 * restarted and, where this process runs the fleet, a push job queued at once. The one way features do it.
 */
export async function turnOnLiveUpdates(
  deps: MailDeps,
  fleet: PushQueue,
  mailbox: MailboxRef,
): Promise<void> {
  await restartLiveUpdates(deps, mailbox);
  await fleet?.queuePush(mailbox);
}

/** A mailbox being disconnected: its subscription is removed at the provider (best effort) and forgotten. */
export async function stopLiveUpdates(deps: MailDeps, mailbox: MailboxRef): Promise<void> {
  const ctx = { deps, userId: mailbox.userId };
  const integration = await findIntegration(ctx, mailbox.integrationId);
  if (integration) await stopPush(ctx, integration);
}

/** Whether a notification's clientState is the one whose SHA-256 was stored (constant-time compare). */
export function isClientStateValid(received: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashClientState(received), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
