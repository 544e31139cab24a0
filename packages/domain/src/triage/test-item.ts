import type { ThreadGroup, TriageItem } from '../entities';

/** A triage item for tests, with overrides. */
export function testItem(overrides: Partial<TriageItem> = {}): TriageItem {
  return {
    id: 'item-1',
    userId: 'user-1',
    fromAddress: 'Alice <alice@example.com>',
    subject: 'Quarterly figures',
    time: '2024-05-01T10:00:00.000Z',
    type: 'email',
    isRead: false,
    avatar: null,
    status: 'inbox',
    emailMessageId: 'msg-1',
    emailIntegrationId: 'int-1',
    emailThreadId: 'thread-1',
    notificationType: 'email',
    notificationSourceId: null,
    metadata: {},
    previewContent: null,
    extractedReferences: null,
    syncPriority: 5,
    lastSyncAttemptAt: null,
    syncErrorCount: 0,
    syncErrorMessage: null,
    updatedAt: '2024-05-01T10:00:00.000Z',
    notificationSource: null,
    ...overrides,
  };
}

/** A thread group of the list for tests: `emails` newest first, the counts worked out from them. */
export function testGroup(
  id: string,
  emails: TriageItem[],
): Omit<ThreadGroup, 'isSelected'> & { itemCount: number } {
  const latest = emails[0] as TriageItem;
  return {
    id,
    isThread: emails.length > 1,
    emails,
    latestEmail: latest,
    subject: latest.subject,
    participants: [...new Set(emails.map((email) => email.fromAddress))],
    unreadCount: emails.filter((email) => !email.isRead).length,
    lastActivity: latest.time,
    itemCount: emails.length,
  };
}
