import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useCallback, useEffect, useMemo, useState } from 'react';

/** The threads ticked for a bulk action; ids that leave the list leave the selection too. */
export function useCheckedThreads(groups: ThreadGroupDto[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const present = useMemo(() => new Set(groups.map((group) => group.id)), [groups]);

  useEffect(() => {
    setChecked((current) => {
      if ([...current].every((id) => present.has(id))) return current;
      return new Set([...current].filter((id) => present.has(id)));
    });
  }, [present]);

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
      current.size === present.size && present.size > 0 ? new Set() : new Set(present),
    );
  }, [present]);

  const selectAll: boolean | 'indeterminate' =
    checked.size === 0 ? false : checked.size === present.size ? true : 'indeterminate';
  return { checked, toggle, clear, toggleAll, selectAll };
}
