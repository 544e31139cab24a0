import { RESIZE_UNLOCK_DELAY_MS } from '@ledgerdesk/domain/constants';
import { useEffect, useState } from 'react';

/** True while loading and for 300 ms after it ends (spec §4: resizing unlocks 300 ms after loading). */
export function useLoadingResizeLock(isLoading: boolean): boolean {
  const [isLocked, setIsLocked] = useState(isLoading);
  useEffect(() => {
    if (isLoading) {
      setIsLocked(true);
      return;
    }
    const timer = setTimeout(() => setIsLocked(false), RESIZE_UNLOCK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);
  return isLocked;
}
