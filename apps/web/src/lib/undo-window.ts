import { DEFAULT_UNDO_SECONDS, toUndoSeconds, type UndoSeconds } from '@ledgerdesk/domain/triage/undo-window';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The undo window (decision 010), one of the stored UI settings (local storage, like the triage panel sizes):
 * how long a sent message is held before it goes out, and how long "Email Sent" offers Undo. Set on the
 * profile screen, read by the compose dialog.
 */
export const UNDO_SECONDS_KEY = 'ledgerdesk:undo-seconds';

const listeners = new Set<() => void>();

/** The stored undo window in seconds (the default when unset, unreadable or not an allowed value). */
export function readUndoSeconds(): UndoSeconds {
  try {
    const text = window.localStorage.getItem(UNDO_SECONDS_KEY);
    return text == null ? DEFAULT_UNDO_SECONDS : toUndoSeconds(JSON.parse(text));
  } catch {
    return DEFAULT_UNDO_SECONDS;
  }
}

export function writeUndoSeconds(value: UndoSeconds): void {
  try {
    window.localStorage.setItem(UNDO_SECONDS_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === UNDO_SECONDS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The undo window and its setter, kept in step across components and tabs. */
export function useUndoSeconds(): [UndoSeconds, (value: UndoSeconds) => void] {
  const value = useSyncExternalStore(subscribe, readUndoSeconds, () => DEFAULT_UNDO_SECONDS);
  const set = useCallback((next: UndoSeconds) => writeUndoSeconds(next), []);
  return [value, set];
}
