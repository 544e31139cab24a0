import { createContext, useContext } from 'react';
import type { SnoozeControls } from './snooze-types';

/** Provided by `SnoozeProvider` (snooze-context.tsx), which holds the snooze dialog. */
export const SnoozeContext = createContext<SnoozeControls | null>(null);

/** The screen's snooze controls (null outside a SnoozeProvider). */
export function useSnoozeControls(): SnoozeControls | null {
  return useContext(SnoozeContext);
}
