import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusRequest } from '../components/thread-list';

/**
 * The list cursor (j/k) and the open thread. The open thread closes when it leaves the filtered list
 * (spec §4); the cursor stays in range as the list shrinks.
 */
export function useThreadNavigation(groups: ThreadGroupDto[], isLoaded: boolean) {
  const [activeIndex, setActiveIndexState] = useState(-1);
  // Keys can arrive faster than renders: the cursor's latest value lives in a ref as well.
  const activeRef = useRef(-1);
  const setActiveIndex = useCallback((index: number) => {
    activeRef.current = index;
    setActiveIndexState(index);
  }, []);
  const [openGroupId, setOpenGroupId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);

  useEffect(() => {
    if (!isLoaded) return;
    if (openGroupId && !groups.some((group) => group.id === openGroupId)) setOpenGroupId(null);
    if (activeRef.current > groups.length - 1) setActiveIndex(groups.length - 1);
  }, [groups, isLoaded, openGroupId, setActiveIndex]);

  const focusRow = useCallback(
    (index: number) => {
      setActiveIndex(index);
      setFocusRequest((current) => ({ index, seq: (current?.seq ?? 0) + 1 }));
    },
    [setActiveIndex],
  );

  const move = useCallback(
    (delta: number) => {
      if (groups.length === 0) return;
      const current = activeRef.current;
      const base = current < 0 ? (delta > 0 ? -1 : groups.length) : current;
      focusRow(Math.max(0, Math.min(groups.length - 1, base + delta)));
    },
    [groups.length, focusRow],
  );
  const getActiveIndex = useCallback(() => activeRef.current, []);

  const openGroup = openGroupId ? (groups.find((group) => group.id === openGroupId) ?? null) : null;
  const cursorGroup = activeIndex >= 0 ? (groups[activeIndex] ?? null) : null;
  const getCursorGroup = useCallback(() => groups[activeRef.current] ?? null, [groups]);

  return {
    activeIndex,
    setActiveIndex,
    openGroupId,
    setOpenGroupId,
    openGroup,
    cursorGroup,
    getActiveIndex,
    getCursorGroup,
    focusRequest,
    focusRow,
    move,
  };
}
