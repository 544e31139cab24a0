import { useSyncExternalStore } from 'react';

// Whether the server said its database is unreachable (503 database_unavailable) and no answer since has said
// otherwise: the one "Reconnecting…" state of the whole app, fed by every API call (lib/api-client.ts).

let isReconnecting = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === isReconnecting) return;
  isReconnecting = next;
  for (const listener of listeners) listener();
}

/** An API answer said the database is unreachable. */
export function reportDatabaseUnavailable(): void {
  set(true);
}

/** An API answer came back from a server that reached its database. */
export function reportDatabaseReachable(): void {
  set(false);
}

export function isDatabaseReconnecting(): boolean {
  return isReconnecting;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the app waits for the server's database to come back. */
export function useIsReconnecting(): boolean {
  return useSyncExternalStore(subscribe, isDatabaseReconnecting, isDatabaseReconnecting);
}
