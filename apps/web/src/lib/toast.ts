import type { ExternalToast } from 'sonner';
import { isDatabaseReconnecting } from './connection-state';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];

let sonner: Promise<Sonner> | null = null;
const requestListeners = new Set<() => void>();

/**
 * sonner, loaded on the first toast: no screen needs it to show itself, so it stays out of the first load.
 * A toast raised before the Toaster has mounted is replayed to it when it subscribes.
 */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of requestListeners) listener();
  }
  return sonner;
}

/** Whether a toast was raised yet (the Toaster mounts from then on). */
export function isSonnerRequested(): boolean {
  return sonner != null;
}

/** Calls `listener` when the first toast is raised; returns the unsubscribe. */
export function onSonnerRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function show(call: (api: Sonner['toast']) => void): void {
  void loadSonner().then((module) => call(module.toast));
}

/** sonner's `toast` API (the calls the app makes), shown once sonner has loaded. */
export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show((api) => api(message, options)),
  {
    success: (message: Message, options?: ExternalToast) => show((api) => api.success(message, options)),
    // While the database is away the "Reconnecting…" status is the one word about it: no error toast per call.
    error: (message: Message, options?: ExternalToast) => {
      if (!isDatabaseReconnecting()) show((api) => api.error(message, options));
    },
    info: (message: Message, options?: ExternalToast) => show((api) => api.info(message, options)),
    dismiss: (id?: string | number) => show((api) => api.dismiss(id)),
  },
);
