import { useCallback, useEffect, useState } from 'react';

/** Calls `onTick` every `intervalMs` while the component is mounted. */
function useEveryInterval(intervalMs: number, onTick: () => void) {
  useEffect(() => {
    const timer = window.setInterval(onTick, intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, onTick]);
}

/**
 * The current time, refreshed every `intervalMs`, for relative times ("5 minutes ago") and expiry states.
 * The value stays the same object between ticks, so memoized rows that take it as a prop do not re-render.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  const refresh = useCallback(() => setNow(new Date()), []);
  useEveryInterval(intervalMs, refresh);
  return now;
}

/**
 * The current time read at every render (with a re-render every `intervalMs`), for states that change the
 * moment data arrives: an integration whose token was just recorded as expired must show "Token expired" on
 * the render that brings the new expiry, not at the next tick.
 */
export function useRenderNow(intervalMs = 30_000): Date {
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((tick) => tick + 1), []);
  useEveryInterval(intervalMs, rerender);
  return new Date();
}
