import { toast } from '../../../lib/toast';

export type ToastInput = { title: string; description?: string; tone?: 'destructive' };

/** Shows a spec toast: destructive ones as errors, successes as such, anything else neutral. */
export function notify(message: ToastInput, kind: 'success' | 'info' = 'info'): void {
  const options = message.description ? { description: message.description } : {};
  if (message.tone === 'destructive') toast.error(message.title, options);
  else if (kind === 'success') toast.success(message.title, options);
  else toast(message.title, options);
}

/** The user-facing text of a thrown value. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? '');
}
