/** The manual sync button label: idle, migrating, syncing with elapsed seconds, or syncing. */
export function syncButtonLabel(input: {
  isSyncing: boolean;
  isMigrating: boolean;
  elapsedSeconds?: number;
}): string {
  if (input.isMigrating) return 'Migrating & 3-Folder Sync...';
  if (input.isSyncing) {
    const seconds = Math.floor(input.elapsedSeconds ?? 0);
    return seconds > 0 ? `3-Folder Sync... (${seconds}s)` : '3-Folder Syncing...';
  }
  return 'Refresh All Folders';
}

/** The token button label: updating, then expired tokens, then tokens expiring soon (30-minute window), else "Update Email". */
export function tokenButtonLabel(input: {
  isUpdating: boolean;
  hasExpiredTokens: boolean;
  hasExpiringSoonTokens: boolean;
}): string {
  if (input.isUpdating) return 'Updating...';
  if (input.hasExpiredTokens) return 'Fix Expired Tokens';
  if (input.hasExpiringSoonTokens) return 'Refresh Tokens';
  return 'Update Email';
}
