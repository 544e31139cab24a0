import { useEffect, useState } from 'react';

/**
 * The current time, read at every render, with a re-render every `intervalMs` so relative times and expiry
 * states stay true even when nothing else changes.
 */
export function useNow(intervalMs = 30_000): Date {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return new Date();
}
