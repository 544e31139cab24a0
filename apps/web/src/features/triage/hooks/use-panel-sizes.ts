import { PANEL_DEFAULT_SIZES, PANEL_LAYOUT_SAVE_DEBOUNCE_MS } from '@ledgerdesk/domain/constants';
import type { PanelSizes } from '@ledgerdesk/domain/entities';
import { clampPanelSizes } from '@ledgerdesk/domain/triage/panel-sizes';
import { DETAIL_PANEL_ID, LIST_PANEL_ID } from '@ledgerdesk/domain/triage/triage-page-texts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { GroupImperativeHandle, Layout } from 'react-resizable-panels';
import { PANEL_SIZES_KEY, readLocalJson, writeLocalJson } from '../utils/local-settings';

/** The panel layout of the resizable group for a pair of sizes. */
export function layoutOf(sizes: PanelSizes): Layout {
  return { [LIST_PANEL_ID]: sizes.left, [DETAIL_PANEL_ID]: sizes.right };
}

/** Sizes from a layout reported by the group (clamped to the spec's limits). */
export function sizesOf(layout: Layout): PanelSizes {
  return clampPanelSizes({ left: layout[LIST_PANEL_ID] });
}

/**
 * The triage pane sizes: read once from local storage (clamped: left 25–75, right ≥ 25), saved 100 ms after
 * the last change, and reset to 60/40 on demand.
 */
export function usePanelSizes() {
  const groupRef = useRef<GroupImperativeHandle | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const initialLayout = useMemo(() => {
    const stored = readLocalJson(PANEL_SIZES_KEY);
    return layoutOf(clampPanelSizes(typeof stored === 'object' ? (stored as Partial<PanelSizes>) : null));
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const saveLayout = useCallback((layout: Layout) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const sizes = sizesOf(layout);
      writeLocalJson(PANEL_SIZES_KEY, { left: round(sizes.left), right: round(sizes.right) });
    }, PANEL_LAYOUT_SAVE_DEBOUNCE_MS);
  }, []);

  const resetSizes = useCallback(() => {
    const layout = layoutOf({ ...PANEL_DEFAULT_SIZES });
    groupRef.current?.setLayout(layout);
    saveLayout(layout);
  }, [saveLayout]);

  return { groupRef, initialLayout, saveLayout, resetSizes };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
