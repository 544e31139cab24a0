import { describe, expect, it } from 'vitest';
import { syncButtonLabel, tokenButtonLabel } from './button-labels';

describe('syncButtonLabel', () => {
  it('follows the spec labels', () => {
    expect(syncButtonLabel({ isSyncing: false, isMigrating: false })).toBe('Refresh All Folders');
    expect(syncButtonLabel({ isSyncing: true, isMigrating: true, elapsedSeconds: 4 })).toBe(
      'Migrating & 3-Folder Sync...',
    );
    expect(syncButtonLabel({ isSyncing: true, isMigrating: false, elapsedSeconds: 12.7 })).toBe(
      '3-Folder Sync... (12s)',
    );
    expect(syncButtonLabel({ isSyncing: true, isMigrating: false })).toBe('3-Folder Syncing...');
  });
});

describe('tokenButtonLabel', () => {
  it('prefers updating, then expired, then expiring soon', () => {
    const none = { isUpdating: false, hasExpiredTokens: false, hasExpiringSoonTokens: false };
    expect(tokenButtonLabel({ ...none, isUpdating: true, hasExpiredTokens: true })).toBe('Updating...');
    expect(tokenButtonLabel({ ...none, hasExpiredTokens: true, hasExpiringSoonTokens: true })).toBe(
      'Fix Expired Tokens',
    );
    expect(tokenButtonLabel({ ...none, hasExpiringSoonTokens: true })).toBe('Refresh Tokens');
    expect(tokenButtonLabel(none)).toBe('Update Email');
  });
});
