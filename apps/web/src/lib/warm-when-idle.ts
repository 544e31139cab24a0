/**
 * Runs `load` (a chunk's import) when the browser is next idle (`idleTimeoutMs` at the latest), `afterMs`
 * from now at the earliest; returns the cancel, for an effect's cleanup. For code a screen will likely need,
 * but not to show itself.
 */
export function warmWhenIdle(
  load: () => Promise<unknown>,
  { afterMs = 0, idleTimeoutMs = 3000 } = {},
): () => void {
  let idleHandle: number | null = null;
  const warm = () => void load();
  const whenIdle = () => {
    if ('requestIdleCallback' in window)
      idleHandle = window.requestIdleCallback(warm, { timeout: idleTimeoutMs });
    else warm();
  };
  const timer = setTimeout(whenIdle, afterMs);
  return () => {
    clearTimeout(timer);
    if (idleHandle != null) window.cancelIdleCallback(idleHandle);
  };
}
