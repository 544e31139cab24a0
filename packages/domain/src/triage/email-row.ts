import type { EmailInThread } from '../entities';

/** Attachment size in KB as the spec shows it: Math.round(size / 1024). */
export function attachmentSizeKb(sizeBytes: number): number {
  return Math.round(sizeBytes / 1024);
}

/** "12 KB" for an attachment size in bytes. */
export function attachmentSizeLabel(sizeBytes: number): string {
  return `${attachmentSizeKb(sizeBytes)} KB`;
}

/** "Attachments (N)". */
export function attachmentsHeading(count: number): string {
  return `Attachments (${count})`;
}

function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** The email expanded on load: the newest unread one, otherwise the last one; null for no emails. */
export function initialExpandedEmailId(
  emails: readonly Pick<EmailInThread, 'id' | 'isRead' | 'receivedDateTime'>[],
): string | null {
  let newestUnread: (typeof emails)[number] | undefined;
  for (const email of emails) {
    if (email.isRead) continue;
    if (!newestUnread || timeOf(email.receivedDateTime) >= timeOf(newestUnread.receivedDateTime)) {
      newestUnread = email;
    }
  }
  return (newestUnread ?? emails.at(-1))?.id ?? null;
}

/** Reply, Reply All and Forward are offered only on an available email. */
export function canReplyToEmail(email: Pick<EmailInThread, 'status'>): boolean {
  return email.status === 'available';
}
