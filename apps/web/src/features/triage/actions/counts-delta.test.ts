import { testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import { adjustCounts } from './counts-delta';

const zero = { triage: 0, later: 0, scheduled: 0, drafts: 0 };

describe('adjustCounts', () => {
  it('lowers the Triage badge when an unread inbox item is read', () => {
    const item = testItem({ isRead: false });
    expect(adjustCounts({ ...zero, triage: 3 }, [item], [{ ...item, isRead: true }])).toEqual({
      ...zero,
      triage: 2,
    });
  });

  it('moves an unread item from Triage only into Later too when saved for later', () => {
    const item = testItem({ isRead: false });
    expect(adjustCounts({ ...zero, triage: 1 }, [item], [{ ...item, status: 'later' }])).toEqual({
      ...zero,
      triage: 1,
      later: 1,
    });
  });

  it('drops a cleared unread item from Triage and never goes below zero', () => {
    const item = testItem({ isRead: false });
    const cleared = { ...item, status: 'cleared' as const, metadata: { exchange_folder_state: 'archive' } };
    expect(adjustCounts(zero, [item], [cleared])).toEqual(zero);
  });
});
