import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, for relative times ("5 minutes ago") and expiry states.
 * The value stays the same object between ticks, so memoized rows that take it as a prop do not re-render.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The current time read at every render (with a re-render every `intervalMs`), for states that change the
 * moment data arrives: an integration whose token was just recorded as expired must show "Token expired" on
 * the render that brings the new expiry, not at the next tick.
 */
export function useRenderNow(intervalMs = 30_000): Date {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return new Date();
}
