// Items this tab changed a moment ago: their realtime UPDATE echoes are already on screen, so they are not
// worth a refetch (spec §7 "an update refetches" is for changes made elsewhere).
const ECHO_WINDOW_MS = 15_000;
const changedAt = new Map<string, number>();

/** Remembers that this tab just changed these items. */
export function markChangedLocally(ids: readonly string[]): void {
  const now = Date.now();
  for (const id of ids) changedAt.set(id, now);
  if (changedAt.size > 5000) {
    for (const [id, at] of changedAt) if (now - at > ECHO_WINDOW_MS) changedAt.delete(id);
  }
}

/** Whether an UPDATE event for this item is most likely the echo of this tab's own change. */
export function isLocalEcho(id: string): boolean {
  const at = changedAt.get(id);
  return at !== undefined && Date.now() - at < ECHO_WINDOW_MS;
}
