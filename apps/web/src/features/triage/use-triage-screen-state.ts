import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useIntegrations } from '../../lib/integrations-query';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSnoozeControls } from './actions/use-snooze-controls';
import { showSendFailedToast } from './compose/send-toasts';
import { useCompose } from './compose/use-compose';
import { usePanelSizes } from './layout/use-panel-sizes';
import { useLoadingResizeLock } from './layout/use-resize-lock';
import { useStoredChoice } from './layout/use-stored-choice';
import { useTriageThreads } from './list/get-triage-threads';
import { useAutoRefreshSettings } from './list/use-auto-refresh-settings';
import { useCheckedThreads } from './list/use-checked-threads';
import { useListFilter } from './list/use-list-filter';
import { useListWindow } from './list/use-list-window';
import { useLiveUpdates } from './list/use-live-updates';
import { usePageShortcuts } from './list/use-page-shortcuts';
import { useThreadNavigation } from './list/use-thread-navigation';
import type { KeptScroll, ListDensity } from './types/thread-list-types';
import { useTriageCommands } from './use-triage-commands';
import { LIST_DENSITY_KEY, PANELS_LOCKED_KEY } from './utils/local-settings';

export type TriageScreenSlots = {
  /** Slot for the integrations feature (connection badge, manual sync, token button), composed by src/app. */
  headerExtras?: ReactNode;
  /** Slot under an unfiltered empty list (the integrations feature's first-run connect choices). */
  emptyListAction?: ReactNode;
  /** A band under the title row (a shared mailbox's name, connection and views), composed by src/app. */
  headerBand?: ReactNode;
  /** What an unfiltered empty list names ("No items in {page}"), when it is not the page title. */
  emptyListPage?: string;
};

/**
 * Everything the triage screen's parts share, wired once: the list filter and its pages, cursor and open
 * thread, ticked threads, commands, compose, live updates, pane sizes and the stored display choices.
 * Parts read it through `useTriageScreen()`; a new control adds its state here and reads it where it shows.
 */
export function useTriageScreenState(slots: TriageScreenSlots) {
  const list = useListFilter();
  const settings = useAutoRefreshSettings();
  const [storedDensity, setDensity] = useStoredChoice<ListDensity>(
    LIST_DENSITY_KEY,
    ['standard', 'enhanced'],
    'standard',
  );
  const [isPanelsLocked, setIsPanelsLocked] = useStoredChoice<boolean>(
    PANELS_LOCKED_KEY,
    [true, false],
    false,
  );
  const isMobile = useMediaQuery('(max-width: 767px)');
  const threads = useTriageThreads(list.filter);
  const rows = useListWindow(list.filter, threads);
  const { groups } = rows;
  const nav = useThreadNavigation(rows, threads.isSuccess);
  const checked = useCheckedThreads(rows);
  const { checkedGroups } = checked;
  const integrations = useIntegrations();
  const compose = useCompose(integrations.data ?? []);
  const commands = useTriageCommands(compose.openReply);
  // A held message (undo send) the provider refused for good: the send failure toast, with Edit. Other
  // notices (a refused mailbox change) are shown on every screen by the layout.
  const live = useLiveUpdates(list.filter, settings, nav.openGroupId, threads.data, (notice) => {
    if (notice.kind === 'send-failed') showSendFailedToast(notice, compose.openDraft);
  });
  const panels = usePanelSizes();
  const isLoadingLocked = useLoadingResizeLock(threads.isPending);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [hasHelpOpened, setHasHelpOpened] = useState(false);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const keptScroll = useRef<KeptScroll>(null);
  const snooze = useSnoozeControls();
  const { setOpenGroupId, setActiveIndex } = nav;
  const { markOpenedRead } = commands;

  // Stable across pages loaded: every mounted row takes it, and a new one would re-render them all per page.
  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  const openAt = useCallback(
    (index: number) => {
      const group = rowsNow.current.at(index);
      if (!group) return;
      setOpenGroupId(group.id);
      setActiveIndex(index);
      markOpenedRead(group);
    },
    [setOpenGroupId, setActiveIndex, markOpenedRead],
  );
  const viewNewItems = useCallback(() => {
    live.refresh();
    scrollRef.current?.scrollTo({ top: 0 });
    setActiveIndex(-1);
  }, [live, setActiveIndex]);
  // Stable, like the other callbacks the header's memoized buttons take.
  const showHelp = useCallback(() => {
    setIsHelpOpen(true);
    setHasHelpOpened(true);
  }, []);
  const togglePanelsLock = useCallback(
    () => setIsPanelsLocked(!isPanelsLocked),
    [setIsPanelsLocked, isPanelsLocked],
  );
  usePageShortcuts({
    nav,
    checked,
    commands,
    openAt,
    checkedGroups,
    searchRef,
    onCompose: compose.openNew,
    onHelp: showHelp,
    onSnooze: (targets) => snooze?.open(targets),
  });

  return {
    slots,
    list,
    settings,
    threads,
    /** The list's rows by index in the whole list; a window of them is held (list/use-list-window.ts). */
    rows,
    /** The groups held (`rows.groups`). */
    groups,
    nav,
    checked,
    checkedGroups,
    compose,
    commands,
    live,
    panels,
    isMobile,
    /** The row style in use: narrow screens always get the two-line rows. */
    density: isMobile ? ('enhanced' as const) : storedDensity,
    storedDensity,
    setDensity,
    isPanelsLocked,
    togglePanelsLock,
    isResizeDisabled: isPanelsLocked || isLoadingLocked,
    /** The shortcuts dialog; it loads when first opened. */
    help: { isOpen: isHelpOpen, hasOpened: hasHelpOpened, setIsOpen: setIsHelpOpen, show: showHelp },
    searchRef,
    scrollRef,
    keptScroll,
    openAt,
    viewNewItems,
  };
}

export type TriageScreenState = ReturnType<typeof useTriageScreenState>;
