import { PANEL_DEFAULT_SIZES, PANEL_LEFT_MAX, PANEL_LEFT_MIN, PANEL_RIGHT_MIN } from '../constants';
import type { PanelSizes } from '../entities';

/** Clamps stored panel sizes: left 25..75, right at least 25, summing to 100; unusable input gives 60/40. */
export function clampPanelSizes(sizes: Partial<PanelSizes> | null | undefined): PanelSizes {
  const left = sizes?.left;
  if (typeof left !== 'number' || !Number.isFinite(left)) return { ...PANEL_DEFAULT_SIZES };
  const maxLeft = Math.min(PANEL_LEFT_MAX, 100 - PANEL_RIGHT_MIN);
  const clamped = Math.min(maxLeft, Math.max(PANEL_LEFT_MIN, left));
  return { left: clamped, right: 100 - clamped };
}
