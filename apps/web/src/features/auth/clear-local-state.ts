import type { QueryClient } from '@tanstack/react-query';

/** Prefix of every local-storage key the app writes, so signing out can clear exactly ours. */
export const LOCAL_STORAGE_PREFIX = 'ledgerdesk:';

/** Forgets everything cached for the signed-out user: queries and the app's local storage. */
export function clearLocalState(queryClient: QueryClient): void {
  queryClient.clear();
  for (const key of Object.keys(window.localStorage)) {
    if (key.startsWith(LOCAL_STORAGE_PREFIX)) window.localStorage.removeItem(key);
  }
}
