import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../api/sync-integration';
import { syncResultToasts } from './report-sync-results';

const ok = (counts: Partial<SyncResult>): PromiseSettledResult<SyncResult> => ({
  status: 'fulfilled',
  value: {
    success: true,
    message: '',
    newEmails: 0,
    updatedEmails: 0,
    totalProcessed: 0,
    duplicates: 0,
    criticalErrors: 0,
    expectedErrors: 0,
    dateRange: { from: '', to: '' },
    daysBack: 7,
    ...counts,
  },
});
const failed = (message: string): PromiseSettledResult<SyncResult> => ({
  status: 'rejected',
  reason: new Error(message),
});
const boxes = [{ emailAddress: 'a@firm.test' }, { emailAddress: 'b@gmail.test' }];

describe('syncResultToasts', () => {
  it('sums the counts of every mailbox into "Email Sync Complete" with the elapsed seconds', () => {
    expect(
      syncResultToasts(boxes, [ok({ newEmails: 2, duplicates: 5 }), ok({ updatedEmails: 1 })], 3.4),
    ).toEqual([
      {
        title: 'Email Sync Complete',
        description: '2 new, 1 updated, 5 already synced in 3s.',
        kind: 'success',
      },
    ]);
  });

  it('says so when nothing was found', () => {
    expect(syncResultToasts(boxes.slice(0, 1), [ok({})], 1)).toEqual([
      {
        title: 'Email Sync Complete',
        description: 'No new emails found in Inbox, Sent, or Archive folders in the specified time range.',
        kind: 'info',
      },
    ]);
  });

  it('reports a failed mailbox beside the others’ result', () => {
    const toasts = syncResultToasts(boxes, [ok({ newEmails: 1 }), failed('Token refresh failed')], 2);
    expect(toasts.map((toast) => toast.title)).toEqual(['Email Sync Complete', 'Sync Failed']);
    expect(toasts[1]).toMatchObject({
      description: 'b@gmail.test: Token refresh failed',
      tone: 'destructive',
    });
  });

  it('gives "3-Folder Email Sync Failed" when every mailbox failed', () => {
    expect(
      syncResultToasts(boxes.slice(0, 1), [failed('The email provider could not be reached')], 1),
    ).toEqual([
      {
        title: '3-Folder Email Sync Failed',
        description: 'The email provider could not be reached',
        tone: 'destructive',
        kind: 'info',
      },
    ]);
  });

  it('turns critical errors into "3-Folder Sync Failed" with the server message', () => {
    const result = ok({
      newEmails: 3,
      criticalErrors: 1,
      success: false,
      message: 'Inbox could not be listed',
    });
    expect(syncResultToasts(boxes.slice(0, 1), [result], 1)[0]).toMatchObject({
      title: '3-Folder Sync Failed',
      description: 'Inbox could not be listed',
    });
  });
});
