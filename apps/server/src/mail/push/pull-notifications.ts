import type { MailDeps } from '../core/mail-deps';
import { findGmailPushByAddress, recordPushNotification } from './push-store';

/** A mailbox a Gmail notification named, with the newest history id it announced (the sync's hint). */
export type NotifiedMailbox = { integrationId: string; userId: string; hintHistoryId: string };

export type PullReport = { received: number; malformed: number; unknown: number; mailboxes: number };

/** One pull takes at most this many notifications; the rest wait for the next second's pull. */
const MAX_MESSAGES = 100;

/** Gmail's notification: base64 JSON {emailAddress, historyId}; null for anything else. */
export function decodeGmailNotification(data: string | null): { address: string; historyId: string } | null {
  if (!data) return null;
  try {
    const value = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as unknown;
    if (!value || typeof value !== 'object') return null;
    const { emailAddress, historyId } = value as { emailAddress?: unknown; historyId?: unknown };
    const history = typeof historyId === 'number' ? String(historyId) : historyId;
    if (typeof emailAddress !== 'string' || typeof history !== 'string' || !/^\d{1,20}$/.test(history))
      return null;
    return { address: emailAddress.toLowerCase(), historyId: history };
  } catch {
    return null;
  }
}

const newer = (a: string, b: string | undefined) => (b !== undefined && BigInt(b) > BigInt(a) ? b : a);

/**
 * Reads pending Gmail notifications from the Pub/Sub pull subscription (decision 021), queues a sync of each
 * mailbox named (through `queueSync`), then acknowledges every message: a crash before the queue insert leaves
 * them unacknowledged, and Pub/Sub delivers them again. A malformed message or an unknown address is
 * acknowledged and counted, never retried. Does nothing when Gmail push is not configured. The pull is a long
 * poll (pubsub-client.ts); `stop` (shutdown) abandons it.
 */
export async function pullPushNotifications(
  deps: MailDeps,
  queueSync: (mailbox: NotifiedMailbox) => Promise<unknown>,
  stop?: AbortSignal,
): Promise<PullReport> {
  const report: PullReport = { received: 0, malformed: 0, unknown: 0, mailboxes: 0 };
  if (!deps.pubsub) return report;
  const messages = await deps.pubsub.pull(MAX_MESSAGES, stop);
  // Stopping: nothing is queued now, so nothing is acknowledged either; Pub/Sub delivers these again.
  if (messages.length === 0 || stop?.aborted) return report;
  report.received = messages.length;
  // A burst for one address is one sync, hinted with the newest history id of the burst.
  const newest = new Map<string, string>();
  for (const message of messages) {
    const notification = decodeGmailNotification(message.data);
    if (!notification) {
      report.malformed++;
      continue;
    }
    newest.set(notification.address, newer(notification.historyId, newest.get(notification.address)));
  }
  const now = new Date();
  const notified: string[] = [];
  for (const [address, hintHistoryId] of newest) {
    const mailboxes = await findGmailPushByAddress(deps.db, address);
    if (mailboxes.length === 0) report.unknown++;
    for (const mailbox of mailboxes) {
      await queueSync({ ...mailbox, hintHistoryId });
      notified.push(mailbox.integrationId);
      report.mailboxes++;
    }
  }
  await deps.pubsub.acknowledge(messages.map((message) => message.ackId));
  // The "last notification" stamps are a display: written once every sync is queued, so the last mailbox of a
  // busy pull does not wait for the others' stamps (a failure is logged; the syncs are queued and acknowledged).
  for (const integrationId of notified) {
    await recordPushNotification(deps.db, integrationId, true, now).catch((error: unknown) =>
      deps.log.warn({ err: error, integrationId }, 'recording a notification failed'),
    );
  }
  if (report.malformed > 0 || report.unknown > 0) deps.log.warn(report, 'Gmail notifications ignored');
  return report;
}
