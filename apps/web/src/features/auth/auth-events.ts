/** Session events of spec §4 Authentication. */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'MFA_CHALLENGE_VERIFIED';

type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes to session events; returns the unsubscribe function. */
export function onAuthStateChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of listeners) listener(event);
}
