import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useCallback, useEffect, useState } from 'react';

/** The threads ticked for a bulk action; ids that leave the list leave the selection too. */
export function useCheckedThreads(groups: ThreadGroupDto[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());

  // Every page loaded while scrolling brings a new `groups`: with nothing ticked (the usual case) there is
  // nothing to prune, so no set of every id in a list of 100,000 is built per page.
  useEffect(() => {
    setChecked((current) => {
      if (current.size === 0) return current;
      const present = new Set(groups.map((group) => group.id));
      if ([...current].every((id) => present.has(id))) return current;
      return new Set([...current].filter((id) => present.has(id)));
    });
  }, [groups]);

  const toggle = useCallback((id: string) => {
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setChecked(new Set()), []);
  const toggleAll = useCallback(() => {
    setChecked((current) =>
      current.size === groups.length && groups.length > 0
        ? new Set()
        : new Set(groups.map((group) => group.id)),
    );
  }, [groups]);

  // Group ids are unique in a list, so the counts compare like the sets.
  const selectAll: boolean | 'indeterminate' =
    checked.size === 0 ? false : checked.size === groups.length ? true : 'indeterminate';
  return { checked, toggle, clear, toggleAll, selectAll };
}
