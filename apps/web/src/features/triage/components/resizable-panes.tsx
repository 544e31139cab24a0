import {
  PANEL_HANDLE_MARGIN_COARSE,
  PANEL_HANDLE_MARGIN_FINE,
  PANEL_KEYBOARD_SHIFT_STEP,
  PANEL_KEYBOARD_STEP,
  PANEL_LEFT_MAX,
  PANEL_LEFT_MIN,
  PANEL_RIGHT_MIN,
} from '@ledgerdesk/domain/constants';
import { clampPanelSizes } from '@ledgerdesk/domain/triage/panel-sizes';
import { DETAIL_PANEL_ID, LIST_PANEL_ID } from '@ledgerdesk/domain/triage/triage-page-texts';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Group, type GroupImperativeHandle, Panel, Separator } from 'react-resizable-panels';
import { cn } from '../../../lib/cn';
import { layoutOf } from '../hooks/use-panel-sizes';
import { useTriageScreen } from './triage-screen-context';

// Its own chunk (react-resizable-panels is the largest library of the screen): TriagePanes shows the same
// layout without handles until it arrives, after the first rows are on screen.

type ResizablePanesProps = { list: ReactNode; detail: ReactNode };

/** The two panes side by side with a draggable, keyboard-operable separator (spec §9). */
export function ResizablePanes({ list, detail }: ResizablePanesProps) {
  const { panels, isResizeDisabled } = useTriageScreen();
  const { groupRef } = panels;
  const elementRef = useRef<HTMLDivElement | null>(null);
  useKeyboardResizeSteps(elementRef, groupRef, isResizeDisabled);
  return (
    <Group
      id="triage-panels"
      orientation="horizontal"
      className="min-h-0 flex-1"
      elementRef={elementRef}
      groupRef={groupRef}
      defaultLayout={panels.initialLayout}
      disabled={isResizeDisabled}
      onLayoutChanged={panels.saveLayout}
      resizeTargetMinimumSize={{ coarse: PANEL_HANDLE_MARGIN_COARSE, fine: PANEL_HANDLE_MARGIN_FINE }}
    >
      <Panel
        id={LIST_PANEL_ID}
        minSize={String(PANEL_LEFT_MIN)}
        maxSize={String(PANEL_LEFT_MAX)}
        className="h-full"
      >
        {list}
      </Panel>
      <Separator
        aria-label="Resize panels"
        aria-disabled={isResizeDisabled || undefined}
        disabled={isResizeDisabled}
        className={cn(
          'group relative w-px bg-border outline-none transition-colors',
          'data-[separator=hover]:bg-accent data-[separator=active]:bg-accent focus-visible:bg-accent',
          isResizeDisabled && 'cursor-not-allowed',
        )}
      >
        <span
          aria-hidden
          className="absolute top-1/2 left-1/2 h-8 w-1 -translate-x-1/2 -translate-y-1/2 rounded-full bg-border group-focus-visible:bg-accent"
        />
      </Separator>
      <Panel id={DETAIL_PANEL_ID} minSize={String(PANEL_RIGHT_MIN)} className="h-full">
        {detail}
      </Panel>
    </Group>
  );
}

/**
 * Spec §9 keyboard resize: arrow keys on the separator move it by 10 % (100 % with Shift, i.e. to the limit).
 * The library's own step is 5 %, so the keys are taken in the capture phase, before its handler sees them
 * (it ignores events whose default was prevented).
 */
function useKeyboardResizeSteps(
  elementRef: RefObject<HTMLDivElement | null>,
  groupRef: RefObject<GroupImperativeHandle | null>,
  isDisabled: boolean,
) {
  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute('data-separator')) return;
      event.preventDefault();
      const group = groupRef.current;
      if (isDisabled || !group) return;
      const step = event.shiftKey ? PANEL_KEYBOARD_SHIFT_STEP : PANEL_KEYBOARD_STEP;
      const left = group.getLayout()[LIST_PANEL_ID] ?? 60;
      const next = clampPanelSizes({ left: left + (event.key === 'ArrowRight' ? step : -step) });
      group.setLayout(layoutOf(next));
    };
    element.addEventListener('keydown', onKeyDown, true);
    return () => element.removeEventListener('keydown', onKeyDown, true);
  }, [elementRef, groupRef, isDisabled]);
}
