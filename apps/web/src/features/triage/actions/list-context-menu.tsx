import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { cloneElement, lazy, type MouseEvent, type ReactElement, Suspense, useState } from 'react';
import type { RowMenuProps, RowMenuRequest } from './row-menu-types';

// The menu's code (Radix menus) loads on the first right-click, not with the list.
const RowContextMenu = lazy(() => import('./row-context-menu').then((m) => ({ default: m.RowContextMenu })));

type ListContextMenuProps = RowMenuProps & {
  /** The list element; a right-click on one of its rows opens the menu for that row's thread. */
  children: ReactElement<{ onContextMenu?: (event: MouseEvent) => void }>;
  groupAt: (event: MouseEvent) => ThreadGroupDto | null;
};

/**
 * Right-click menu of the rows: the thread's actions, selection, and filters built from the row (sender,
 * tags, assignee). One menu serves the whole list, so scrolling never mounts a menu per row; a right-click
 * outside a row keeps the browser's own menu.
 */
export function ListContextMenu({ children, groupAt, ...props }: ListContextMenuProps) {
  const [request, setRequest] = useState<(RowMenuRequest & { seq: number }) | null>(null);
  const list = cloneElement(children, {
    onContextMenu: (event: MouseEvent) => {
      const group = groupAt(event);
      if (!group) return;
      event.preventDefault();
      setRequest((current) => ({ group, x: event.clientX, y: event.clientY, seq: (current?.seq ?? 0) + 1 }));
    },
  });
  return (
    <>
      {list}
      {request ? (
        <Suspense fallback={null}>
          <RowContextMenu key={request.seq} {...props} request={request} onClose={() => setRequest(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
