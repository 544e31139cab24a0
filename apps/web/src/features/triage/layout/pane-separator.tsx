import {
  PANEL_HANDLE_MARGIN_COARSE,
  PANEL_HANDLE_MARGIN_FINE,
  PANEL_KEYBOARD_SHIFT_STEP,
  PANEL_KEYBOARD_STEP,
  PANEL_LEFT_MAX,
  PANEL_LEFT_MIN,
  PANEL_RIGHT_MIN,
} from '@ledgerdesk/domain/constants';
import type { PanelSizes } from '@ledgerdesk/domain/entities';
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';

type PaneSeparatorProps = {
  /** The element holding both panes: a drag is measured against its width. */
  groupRef: RefObject<HTMLElement | null>;
  /** The first pane's share in percent. */
  value: number;
  /** The id of the pane whose size `value` is. */
  controls: string;
  isDisabled: boolean;
  onResize: (sizes: Partial<PanelSizes>) => void;
};

const MAX_LEFT = Math.min(PANEL_LEFT_MAX, 100 - PANEL_RIGHT_MIN);

/**
 * A window splitter (WAI-ARIA `separator`, focusable): drag it, or step it with the arrow keys by 10 % (Shift:
 * to the limit), Home and End for the limits. It is drawn 1 px wide and takes the pointer within the spec's hit
 * margins on either side (15 px for touch, 5 px for a mouse). The pointer is captured for the drag, so it keeps
 * following over the email's frame. Locked, it stays focusable and says so (`aria-disabled`).
 */
export function PaneSeparator({ groupRef, value, controls, isDisabled, onResize }: PaneSeparatorProps) {
  const drag = useRef<{ pointerId: number; offset: number } | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const margin = useHitMargin();

  useEffect(() => {
    if (!isDragging) return;
    const { style } = document.body;
    const previous = { cursor: style.cursor, userSelect: style.userSelect };
    style.cursor = 'col-resize';
    style.userSelect = 'none';
    return () => {
      style.cursor = previous.cursor;
      style.userSelect = previous.userSelect;
    };
  }, [isDragging]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isDisabled || event.button !== 0) return;
    event.preventDefault();
    const separator = event.currentTarget;
    separator.focus({ preventScroll: true });
    separator.setPointerCapture(event.pointerId);
    const { left, width } = separator.getBoundingClientRect();
    drag.current = { pointerId: event.pointerId, offset: event.clientX - (left + width / 2) };
    setIsDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    const group = groupRef.current;
    if (!current || current.pointerId !== event.pointerId || !group || isDisabled) return;
    const { left, width } = group.getBoundingClientRect();
    if (width <= 0) return;
    onResize({ left: ((event.clientX - current.offset - left) / width) * 100 });
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setIsDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = keyboardTarget(event.key, event.shiftKey, value);
    if (next == null) return;
    event.preventDefault();
    if (!isDisabled) onResize({ left: next });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter has no native element (<hr> is not interactive).
    <div
      role="separator"
      tabIndex={0}
      aria-label="Resize panels"
      aria-orientation="vertical"
      aria-controls={controls}
      aria-valuenow={Math.round(value)}
      aria-valuemin={PANEL_LEFT_MIN}
      aria-valuemax={MAX_LEFT}
      aria-disabled={isDisabled || undefined}
      data-separator={isDragging ? 'active' : 'inactive'}
      className={cn(
        'group relative z-10 w-px shrink-0 touch-none bg-border outline-none transition-colors',
        'hover:bg-accent focus-visible:bg-accent data-[separator=active]:bg-accent',
        isDisabled ? 'cursor-not-allowed hover:bg-border' : 'cursor-col-resize',
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
      onKeyDown={onKeyDown}
    >
      <span aria-hidden className="absolute inset-y-0" style={{ left: -margin, right: -margin }} />
      <span
        aria-hidden
        className="absolute top-1/2 left-1/2 h-8 w-1 -translate-x-1/2 -translate-y-1/2 rounded-full bg-border group-focus-visible:bg-accent"
      />
    </div>
  );
}

/** Where a key moves the separator (percent of the first pane), or null for a key it does not take. */
function keyboardTarget(key: string, isShift: boolean, value: number): number | null {
  const step = isShift ? PANEL_KEYBOARD_SHIFT_STEP : PANEL_KEYBOARD_STEP;
  if (key === 'ArrowLeft') return value - step;
  if (key === 'ArrowRight') return value + step;
  if (key === 'Home') return PANEL_LEFT_MIN;
  if (key === 'End') return MAX_LEFT;
  return null;
}

/** The spec's hit margin for the primary pointer: wider for touch. */
function useHitMargin(): number {
  const [isCoarse] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true,
  );
  return isCoarse ? PANEL_HANDLE_MARGIN_COARSE : PANEL_HANDLE_MARGIN_FINE;
}
