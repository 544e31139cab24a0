import { PANEL_DEFAULT_SIZES, PANEL_LAYOUT_SAVE_DEBOUNCE_MS } from '@ledgerdesk/domain/constants';
import type { PanelSizes } from '@ledgerdesk/domain/entities';
import { clampPanelSizes } from '@ledgerdesk/domain/triage/panel-sizes';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { PANEL_SIZES_KEY, readLocalJson, writeLocalJson } from '../utils/local-settings';

/** What the side-by-side panes let the screen do to them (reset from the header's toolbar). */
export type PanesHandle = { setSizes: (sizes: PanelSizes) => void };

/**
 * The triage pane sizes: read once from local storage (clamped: left 25–75, right ≥ 25), saved 100 ms after
 * the last change, and reset to 60/40 on demand. The panes own the live sizes (a drag re-renders only them).
 */
export function usePanelSizes() {
  const panesRef = useRef<PanesHandle | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const initialSizes = useMemo(() => {
    const stored = readLocalJson(PANEL_SIZES_KEY);
    return clampPanelSizes(typeof stored === 'object' ? (stored as Partial<PanelSizes>) : null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const saveSizes = useCallback((sizes: PanelSizes) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      writeLocalJson(PANEL_SIZES_KEY, { left: round(sizes.left), right: round(sizes.right) });
    }, PANEL_LAYOUT_SAVE_DEBOUNCE_MS);
  }, []);

  const resetSizes = useCallback(() => {
    const sizes = { ...PANEL_DEFAULT_SIZES };
    if (panesRef.current) panesRef.current.setSizes(sizes);
    else saveSizes(sizes);
  }, [saveSizes]);

  return { panesRef, initialSizes, saveSizes, resetSizes };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
