import type { MailDeps } from '../mail-deps';

/**
 * Reads pending Gmail notifications from the Pub/Sub pull subscription (decision 021), acknowledges them and
 * answers the mailboxes to sync. An empty list when Gmail push is not configured. (Built by the Gmail work of
 * issue 29.)
 */
export async function pullPushNotifications(
  _deps: MailDeps,
): Promise<Array<{ integrationId: string; userId: string }>> {
  return [];
}
