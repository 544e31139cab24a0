/** Reads a JSON value saved under a `ledgerdesk:` key; null when missing, unreadable or storage is blocked. */
export function readLocalJson(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text == null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Saves a JSON value under a `ledgerdesk:` key; a full or blocked storage only loses the preference. */
export function writeLocalJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the setting simply is not remembered.
  }
}

export const PANEL_SIZES_KEY = 'ledgerdesk:triage-panel-sizes';
export const AUTO_REFRESH_KEY = 'ledgerdesk:triage-auto-refresh';
export const LIST_DENSITY_KEY = 'ledgerdesk:triage-list-density';
export const PANELS_LOCKED_KEY = 'ledgerdesk:triage-panels-locked';
