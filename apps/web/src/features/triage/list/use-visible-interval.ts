import { useEffect, useRef, useState } from 'react';

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** Calls `callback` every `intervalMs`, but only while the tab is visible and `isEnabled`. */
export function useVisibleInterval(callback: () => void, intervalMs: number, isEnabled: boolean) {
  const latest = useRef(callback);
  latest.current = callback;
  const [isTabVisible, setIsTabVisible] = useState(isVisible);
  useEffect(() => {
    const onChange = () => setIsTabVisible(isVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!isEnabled || !isTabVisible) return;
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [isEnabled, isTabVisible, intervalMs]);
}
