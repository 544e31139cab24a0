import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusRequest } from '../types/thread-list-types';
import type { ListRows } from './use-list-window';

/**
 * The list cursor (j/k) and the open thread, by row index in the whole list. The open thread closes when it
 * leaves the filtered list (spec §4), not when its page leaves the window held; the cursor stays in range as
 * the list shrinks and moves within the rows held.
 */
export function useThreadNavigation(rows: ListRows, isLoaded: boolean) {
  const [activeIndex, setActiveIndexState] = useState(-1);
  // Keys can arrive faster than renders: the cursor's latest value lives in a ref as well.
  const activeRef = useRef(-1);
  const setActiveIndex = useCallback((index: number) => {
    activeRef.current = index;
    setActiveIndexState(index);
  }, []);
  const [openGroupId, setOpenGroupId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  // Where the open thread was last seen, and as what: its page may leave the window while it stays open.
  const lastOpen = useRef<{ index: number; group: ThreadGroupDto } | null>(null);
  const openIndex = openGroupId ? rows.indexOf(openGroupId) : -1;
  const heldOpen = openIndex >= 0 ? rows.at(openIndex) : undefined;
  if (heldOpen) lastOpen.current = { index: openIndex, group: heldOpen };
  else if (!openGroupId || lastOpen.current?.group.id !== openGroupId) lastOpen.current = null;

  useEffect(() => {
    if (!isLoaded) return;
    if (openGroupId && rows.indexOf(openGroupId) < 0) {
      // Gone from the rows where it stood (or never seen held): it left the list.
      const seenAt = lastOpen.current?.index ?? -1;
      if (seenAt < 0 || rows.holdsPlace(seenAt)) setOpenGroupId(null);
    }
    if (activeRef.current > rows.count - 1) setActiveIndex(rows.count - 1);
  }, [rows, isLoaded, openGroupId, setActiveIndex]);

  const focusRow = useCallback(
    (index: number) => {
      setActiveIndex(index);
      setFocusRequest((current) => ({ index, seq: (current?.seq ?? 0) + 1 }));
    },
    [setActiveIndex],
  );

  const { offset, loadedEnd } = rows;
  const move = useCallback(
    (delta: number) => {
      if (loadedEnd <= offset) return;
      const current = activeRef.current;
      const base = current < 0 ? (delta > 0 ? -1 : loadedEnd) : current;
      focusRow(Math.max(offset, Math.min(loadedEnd - 1, base + delta)));
    },
    [offset, loadedEnd, focusRow],
  );
  const getActiveIndex = useCallback(() => activeRef.current, []);

  const openGroup = openGroupId ? (heldOpen ?? lastOpen.current?.group ?? null) : null;
  const cursorGroup = activeIndex >= 0 ? (rows.at(activeIndex) ?? null) : null;
  const getCursorGroup = useCallback(() => rows.at(activeRef.current) ?? null, [rows]);

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
