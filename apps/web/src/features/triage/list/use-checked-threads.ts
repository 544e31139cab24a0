import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListRows } from './use-list-window';

type Seen = { index: number; group: ThreadGroupDto };

/**
 * The threads ticked for a bulk action. A thread that leaves the list leaves the selection too; one whose page
 * leaves the window held (scrolled far away) stays ticked, as it was last seen.
 */
export function useCheckedThreads(rows: ListRows) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  // Where each ticked thread was last seen held, and as what.
  const seen = useRef(new Map<string, Seen>());

  // Every page loaded while scrolling brings new rows: with nothing ticked (the usual case) there is nothing to
  // look at. A ticked thread missing from rows that still hold its place has left the list.
  useEffect(() => {
    if (checked.size === 0) return;
    let isChanged = false;
    const kept = new Set<string>();
    for (const id of checked) {
      const index = rows.indexOf(id);
      const group = index >= 0 ? rows.at(index) : undefined;
      const last = seen.current.get(id);
      if (group) seen.current.set(id, { index, group });
      if (group || (last && !rows.holdsPlace(last.index))) kept.add(id);
      else isChanged = true;
    }
    for (const id of seen.current.keys()) if (!kept.has(id)) seen.current.delete(id);
    if (isChanged) setChecked(kept);
  }, [rows, checked]);

  const toggle = useCallback((id: string) => {
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setChecked(new Set()), []);
  const { groups } = rows;
  const toggleAll = useCallback(() => {
    setChecked((current) =>
      current.size === groups.length && groups.length > 0
        ? new Set()
        : new Set(groups.map((group) => group.id)),
    );
  }, [groups]);

  /** The ticked threads in the list's order, held or last seen. */
  const checkedGroups = (): ThreadGroupDto[] => {
    const found: Seen[] = [];
    for (const id of checked) {
      const index = rows.indexOf(id);
      const group = index >= 0 ? rows.at(index) : undefined;
      const entry = group ? { index, group } : seen.current.get(id);
      if (entry) found.push(entry);
    }
    return found.sort((a, b) => a.index - b.index).map((entry) => entry.group);
  };

  // Group ids are unique in a list, so the counts compare like the sets.
  const selectAll: boolean | 'indeterminate' =
    checked.size === 0 ? false : checked.size === groups.length ? true : 'indeterminate';
  return { checked, toggle, clear, toggleAll, selectAll, checkedGroups };
}
