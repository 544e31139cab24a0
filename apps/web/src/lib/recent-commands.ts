import { pushRecent } from '@ledgerdesk/domain/shell/command-search';

// Per browser; the `ledgerdesk:` prefix has signing out clear it with the rest of the app's storage.
const RECENT_COMMANDS_KEY = 'ledgerdesk:recent-commands';

/** The ids of the commands last run from the palette in this browser, most recent first. */
export function readRecentCommands(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(RECENT_COMMANDS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers that `id` was just run; returns the new list. A blocked storage only forgets. */
export function rememberRecentCommand(id: string): string[] {
  const recent = pushRecent(readRecentCommands(), id);
  try {
    window.localStorage.setItem(RECENT_COMMANDS_KEY, JSON.stringify(recent));
  } catch {
    // Private mode or a full quota: the palette simply does not remember.
  }
  return recent;
}
