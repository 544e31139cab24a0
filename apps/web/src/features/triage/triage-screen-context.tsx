import { createContext, useContext } from 'react';
import type { TriageScreenState } from './use-triage-screen-state';

/** The triage screen's shared state (see `useTriageScreenState`), provided by `TriagePage`. */
export const TriageScreenContext = createContext<TriageScreenState | null>(null);

/** The triage screen's shared state; only parts rendered inside `TriagePage` may call it. */
export function useTriageScreen(): TriageScreenState {
  const screen = useContext(TriageScreenContext);
  if (!screen) throw new Error('useTriageScreen must be used inside TriagePage');
  return screen;
}
