import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { triageItems } from '../../../src/db/schema/triage-items';
import { withUser } from '../../../src/db/with-user';
import type { ControlClient } from './mail-harness';

export type MailboxSummary = {
  address: string;
  folders: Record<'inbox' | 'sent' | 'archive', { total: number; unread: number }>;
  messages: Array<{
    id: string;
    threadId: string;
    folder: string;
    subject: string;
    isRead: boolean;
    receivedDateTime: string;
  }>;
};

const second = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);

/** The synced folders' messages of a sandbox mailbox as sorted "folder|subject|second|read" keys. */
export async function mailboxKeys(control: ControlClient, address: string): Promise<string[]> {
  const summary = await control<MailboxSummary>('GET', `/mailboxes/${encodeURIComponent(address)}`);
  return summary.messages
    .filter((message) => ['inbox', 'sent', 'archive'].includes(message.folder))
    .map(
      (message) =>
        `${message.folder}|${message.subject}|${second(message.receivedDateTime)}|${message.isRead}`,
    )
    .sort();
}

export type StoredItem = typeof triageItems.$inferSelect;

/** The integration's triage items. */
export async function storedItems(
  app: FastifyInstance,
  userId: string,
  integrationId: string,
): Promise<StoredItem[]> {
  return withUser(app.db, userId, (tx) =>
    // In a stable order: a rolled-back write may move rows on disk, and callers compare lists.
    tx
      .select()
      .from(triageItems)
      .where(eq(triageItems.emailIntegrationId, integrationId))
      .orderBy(asc(triageItems.id)),
  );
}

/** The integration's email items as the same keys as mailboxKeys. */
export async function storedKeys(
  app: FastifyInstance,
  userId: string,
  integrationId: string,
): Promise<string[]> {
  const items = await storedItems(app, userId, integrationId);
  return items
    .filter((item) => item.notificationType !== 'system')
    .map((item) => `${String(item.metadata.mail_folder)}|${item.subject}|${second(item.time)}|${item.isRead}`)
    .sort();
}
