import type { PanelSizes } from '@ledgerdesk/domain/entities';
import { clampPanelSizes } from '@ledgerdesk/domain/triage/panel-sizes';
import { DETAIL_PANEL_ID, LIST_PANEL_ID } from '@ledgerdesk/domain/triage/triage-page-texts';
import { type ReactNode, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useTriageScreen } from '../triage-screen-context';
import { PaneSeparator } from './pane-separator';

type TriagePanesProps = { list: ReactNode; detail: ReactNode };

/** The two triage panes: resizable side by side on wide screens, stacked on narrow ones. */
export function TriagePanes({ list, detail }: TriagePanesProps) {
  const { isMobile, nav } = useTriageScreen();
  if (isMobile) {
    // On a narrow screen the panes stack: the detail replaces the list while a thread is open.
    const isDetailOpen = nav.openGroup != null;
    return (
      <div className="relative min-h-0 flex-1">
        <div id={LIST_PANEL_ID} className={cn('h-full', isDetailOpen && 'hidden')}>
          {list}
        </div>
        {isDetailOpen ? (
          <div id={DETAIL_PANEL_ID} className="h-full">
            {detail}
          </div>
        ) : null}
      </div>
    );
  }
  return <WidePanes list={list} detail={detail} />;
}

/**
 * Side by side, split by a separator that drags and steps from the keyboard (spec §9). One layout from the
 * first paint on: the list is never remounted under the user's pointer or focus, and a resize re-renders only
 * this component (the panes' children are the same elements, so React skips them).
 */
function WidePanes({ list, detail }: TriagePanesProps) {
  const { panels, isResizeDisabled } = useTriageScreen();
  const { saveSizes } = panels;
  const [sizes, setSizes] = useState(panels.initialSizes);
  const groupRef = useRef<HTMLDivElement | null>(null);
  const resize = useCallback(
    (next: Partial<PanelSizes>) => {
      const clamped = clampPanelSizes(next);
      setSizes((current) => (current.left === clamped.left ? current : clamped));
      saveSizes(clamped);
    },
    [saveSizes],
  );
  useImperativeHandle(panels.panesRef, () => ({ setSizes: resize }), [resize]);
  return (
    <div ref={groupRef} id="triage-panels" className="flex min-h-0 flex-1">
      <div id={LIST_PANEL_ID} className="h-full min-w-0" style={{ flex: `${sizes.left} 1 0px` }}>
        {list}
      </div>
      <PaneSeparator
        groupRef={groupRef}
        value={sizes.left}
        controls={LIST_PANEL_ID}
        isDisabled={isResizeDisabled}
        onResize={resize}
      />
      <div id={DETAIL_PANEL_ID} className="h-full min-w-0" style={{ flex: `${sizes.right} 1 0px` }}>
        {detail}
      </div>
    </div>
  );
}
