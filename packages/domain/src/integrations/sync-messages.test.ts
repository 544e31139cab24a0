import { describe, expect, it } from 'vitest';
import {
  isSyncSuccess,
  NO_ACTIVE_EMAIL_INTEGRATIONS,
  NO_NEW_EMAILS_MESSAGE,
  SYNC_TIMEOUT,
  syncCompleteMessage,
  syncFailedMessage,
  THREE_FOLDER_SYNC_FAILED_FALLBACK,
} from './sync-messages';

describe('syncCompleteMessage', () => {
  it('reports new, updated and already-synced counts with elapsed seconds', () => {
    expect(
      syncCompleteMessage({ newEmails: 4, updatedEmails: 2, duplicates: 10, elapsedSeconds: 12.4 }),
    ).toEqual({
      title: 'Email Sync Complete',
      description: '4 new, 2 updated, 10 already synced in 12s.',
      isSuccess: true,
    });
  });

  it('reports no new emails when nothing happened, which is not a success', () => {
    expect(
      syncCompleteMessage({ newEmails: 0, updatedEmails: 0, duplicates: 0, elapsedSeconds: 3 }),
    ).toMatchObject({
      description: NO_NEW_EMAILS_MESSAGE,
      isSuccess: false,
    });
    expect(NO_NEW_EMAILS_MESSAGE).toBe(
      'No new emails found in Inbox, Sent, or Archive folders in the specified time range.',
    );
  });

  it('fails on critical errors even with activity', () => {
    const message = syncCompleteMessage({
      newEmails: 3,
      updatedEmails: 0,
      duplicates: 0,
      elapsedSeconds: 5,
      criticalErrors: 1,
    });
    expect(message).toMatchObject({ title: '3-Folder Sync Failed', isSuccess: false, tone: 'destructive' });
    expect(message.description).toBe(THREE_FOLDER_SYNC_FAILED_FALLBACK);
  });
});

describe('isSyncSuccess', () => {
  it('needs activity and no critical errors', () => {
    expect(isSyncSuccess({ newEmails: 0, updatedEmails: 0, duplicates: 1, elapsedSeconds: 1 })).toBe(true);
    expect(
      isSyncSuccess({ newEmails: 1, updatedEmails: 0, duplicates: 0, elapsedSeconds: 1, criticalErrors: 2 }),
    ).toBe(false);
  });
});

describe('sync texts', () => {
  it('are the spec texts', () => {
    expect(SYNC_TIMEOUT.description).toBe(
      'Email sync is taking longer than expected. Please try again or check your connection.',
    );
    expect(NO_ACTIVE_EMAIL_INTEGRATIONS).toMatchObject({
      title: 'No Active Email Integrations',
      description: 'Please connect an email account first in Email Settings to sync emails.',
    });
    expect(syncFailedMessage(null)).toMatchObject({
      title: '3-Folder Email Sync Failed',
      description:
        'Failed to sync emails from Inbox, Sent, and Archive. Please check your connection and try again.',
    });
    expect(syncFailedMessage('Graph 503').description).toBe('Graph 503');
  });
});
