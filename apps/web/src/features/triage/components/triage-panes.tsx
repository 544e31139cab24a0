import { DETAIL_PANEL_ID, LIST_PANEL_ID } from '@ledgerdesk/domain/triage/triage-page-texts';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { warmWhenIdle } from '../../../lib/warm-when-idle';
import { sizesOf } from '../hooks/use-panel-sizes';
import { useTriageScreen } from './triage-screen-context';

type TriagePanesProps = { list: ReactNode; detail: ReactNode };

let loadedPanes: ComponentType<TriagePanesProps> | null = null;
const loadResizablePanes = () =>
  import('./resizable-panes').then((m) => {
    loadedPanes = m.ResizablePanes;
    return m.ResizablePanes;
  });

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
 * Side by side. The resizing library is not needed to show the first rows, so until its chunk has loaded
 * (requested once the list has answered and the browser is idle) the same layout stands without handles.
 */
function WidePanes({ list, detail }: TriagePanesProps) {
  const { threads, panels } = useTriageScreen();
  const [Resizable, setResizable] = useState(() => loadedPanes);
  const isListShown = threads.status !== 'pending';
  useEffect(() => {
    if (Resizable || !isListShown) return;
    let isCurrent = true;
    const cancel = warmWhenIdle(
      () =>
        loadResizablePanes().then((component) => {
          if (isCurrent) setResizable(() => component);
        }),
      { idleTimeoutMs: 500 },
    );
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [Resizable, isListShown]);
  if (Resizable) return <Resizable list={list} detail={detail} />;
  const { left, right } = sizesOf(panels.initialLayout);
  return (
    <div className="flex min-h-0 flex-1">
      <div id={LIST_PANEL_ID} className="h-full min-w-0" style={{ flex: `${left} 1 0px` }}>
        {list}
      </div>
      <div aria-hidden className="w-px bg-border" />
      <div id={DETAIL_PANEL_ID} className="h-full min-w-0" style={{ flex: `${right} 1 0px` }}>
        {detail}
      </div>
    </div>
  );
}
