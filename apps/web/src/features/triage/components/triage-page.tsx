import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntegrations } from '../../../lib/integrations-query';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useTriageThreads } from '../api/get-triage-threads';
import { showSendFailedToast } from '../hooks/send-toasts';
import { useAutoRefreshSettings } from '../hooks/use-auto-refresh-settings';
import { useCheckedThreads } from '../hooks/use-checked-threads';
import { useCompose } from '../hooks/use-compose';
import { useListFilter } from '../hooks/use-list-filter';
import { useLiveUpdates } from '../hooks/use-live-updates';
import { usePageShortcuts } from '../hooks/use-page-shortcuts';
import { usePanelSizes } from '../hooks/use-panel-sizes';
import { useLoadingResizeLock } from '../hooks/use-resize-lock';
import { useStoredChoice } from '../hooks/use-stored-choice';
import { useThreadNavigation } from '../hooks/use-thread-navigation';
import { useTriageCommands } from '../hooks/use-triage-commands';
import { allGroups } from '../utils/list-cache';
import { LIST_DENSITY_KEY, PANELS_LOCKED_KEY } from '../utils/local-settings';
import { BulkActionBar } from './bulk-action-bar';
import { DetailLoading, EmptyDetail } from './empty-detail';
import { NewItemsBanner } from './new-items';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SnoozeProvider, useSnoozeControls } from './snooze-context';
import type { ListDensity } from './thread-row';
import { TriageHeader } from './triage-header';
import { TriageListPane } from './triage-list-pane';
import { TriagePanes } from './triage-panes';

// The compose dialog and the thread detail load on first use (the detail is also fetched once the browser is
// idle, so the first open does not wait for it).
const ComposeDialog = lazy(() => import('./compose-dialog').then((m) => ({ default: m.ComposeDialog })));
const loadThreadDetail = () => import('./thread-detail').then((m) => ({ default: m.ThreadDetail }));
const ThreadDetail = lazy(loadThreadDetail);

export type TriagePageProps = {
  /** Slot for the integrations feature (connection badge, manual sync, token button), composed by src/app. */
  headerExtras?: ReactNode;
  /** Slot under an unfiltered empty list (the integrations feature's first-run connect choices). */
  emptyListAction?: ReactNode;
};

/** The triage page of spec §2: header, thread list and thread detail for every triage view. */
export function TriagePage(props: TriagePageProps) {
  return (
    <SnoozeProvider>
      <TriageScreen {...props} />
    </SnoozeProvider>
  );
}

function TriageScreen({ headerExtras, emptyListAction }: TriagePageProps) {
  const list = useListFilter();
  const settings = useAutoRefreshSettings();
  const [density, setDensity] = useStoredChoice<ListDensity>(
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
  const groups = useMemo(() => allGroups(threads.data), [threads.data]);
  const nav = useThreadNavigation(groups, threads.isSuccess);
  const checked = useCheckedThreads(groups);
  const integrations = useIntegrations();
  const compose = useCompose(integrations.data ?? []);
  const commands = useTriageCommands(compose.openReply);
  // A held message (undo send) the provider refused for good: the send failure toast, with Edit. Other
  // notices (a refused mailbox change) are shown on every screen by the layout.
  const live = useLiveUpdates(list.filter, settings, nav.openGroupId, (notice) => {
    if (notice.kind === 'send-failed') showSendFailedToast(notice, compose.openDraft);
  });
  const panels = usePanelSizes();
  const isLoadingLocked = useLoadingResizeLock(threads.isPending);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const snooze = useSnoozeControls();
  const { setOpenGroupId, setActiveIndex } = nav;
  const { markOpenedRead } = commands;

  const openAt = useCallback(
    (index: number) => {
      const group = groups[index];
      if (!group) return;
      setOpenGroupId(group.id);
      setActiveIndex(index);
      markOpenedRead(group);
    },
    [groups, setOpenGroupId, setActiveIndex, markOpenedRead],
  );
  const viewNewItems = useCallback(() => {
    live.refresh();
    scrollRef.current?.scrollTo({ top: 0 });
    setActiveIndex(-1);
  }, [live, setActiveIndex]);
  useEffect(() => {
    const warm = () => void loadThreadDetail();
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(warm, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(warm, 1500);
    return () => clearTimeout(timer);
  }, []);
  const checkedGroups = () => groups.filter((group) => checked.checked.has(group.id));
  usePageShortcuts({
    nav,
    checked,
    commands,
    openAt,
    checkedGroups,
    searchRef,
    onCompose: compose.openNew,
    onHelp: () => setIsHelpOpen(true),
    onSnooze: (targets) => snooze?.open(targets),
  });

  const openGroup = nav.openGroup;
  const isClearedView = list.filter.view === 'cleared';
  return (
    <div className="flex h-full min-h-0 flex-col">
      <TriageHeader
        title={list.title}
        total={threads.data?.pages[0]?.total ?? null}
        search={list.search}
        onSearchChange={list.setSearch}
        searchRef={searchRef}
        tab={list.tab}
        onTabChange={list.setTab}
        filters={list.filters}
        onAddFilter={list.addFilter}
        onRemoveFilter={list.removeFilter}
        selectAll={checked.selectAll}
        onToggleSelectAll={checked.toggleAll}
        canSelect={groups.length > 0}
        density={density}
        onDensityChange={setDensity}
        onResetPanels={panels.resetSizes}
        isPanelsLocked={isPanelsLocked}
        onTogglePanelsLock={() => setIsPanelsLocked(!isPanelsLocked)}
        onCompose={compose.openNew}
        onShowShortcuts={() => setIsHelpOpen(true)}
        isMobile={isMobile}
        extras={headerExtras}
      />
      {checked.checked.size > 0 ? (
        <BulkActionBar
          selectedCount={checked.checked.size}
          itemCount={checkedGroups().reduce((sum, group) => sum + group.emails.length, 0)}
          isClearedView={isClearedView}
          onAction={(action) => {
            commands.runOnGroups(checkedGroups(), action, 'bulk');
            checked.clear();
          }}
          onCancel={checked.clear}
        />
      ) : null}
      {live.newItemsCount > 0 && settings.showNotifications ? (
        <NewItemsBanner count={live.newItemsCount} onRefresh={viewNewItems} />
      ) : null}
      <TriagePanes
        isMobile={isMobile}
        isDetailOpen={openGroup != null}
        isResizeDisabled={isPanelsLocked || isLoadingLocked}
        groupRef={panels.groupRef}
        initialLayout={panels.initialLayout}
        onLayoutChanged={panels.saveLayout}
        list={
          <TriageListPane
            status={threads.status}
            errorMessage={threads.error?.message ?? ''}
            onRetry={() => void threads.refetch()}
            groups={groups}
            isFiltered={list.isFiltered}
            pageTitle={list.title}
            emptyAction={emptyListAction}
            density={isMobile ? 'enhanced' : density}
            activeIndex={nav.activeIndex}
            openGroupId={nav.openGroupId}
            checkedIds={checked.checked}
            hasNextPage={threads.hasNextPage}
            isFetchingNextPage={threads.isFetchingNextPage}
            fetchNextPage={() => void threads.fetchNextPage()}
            focusRequest={nav.focusRequest}
            scrollRef={scrollRef}
            newItemsCount={live.newItemsCount}
            onViewNewItems={viewNewItems}
            onOpen={openAt}
            onFocusRow={setActiveIndex}
            onToggleCheck={checked.toggle}
            onAction={commands.runOnGroup}
            onAddFilter={list.addFilter}
          />
        }
        detail={
          openGroup ? (
            <Suspense fallback={<DetailLoading />}>
              <ThreadDetail
                key={openGroup.id}
                group={openGroup}
                isMobile={isMobile}
                isArchiving={commands.isPending(openGroup.id, 'clear')}
                isUnarchiving={commands.isPending(openGroup.id, 'move_to_inbox')}
                onClose={() => setOpenGroupId(null)}
                onAction={commands.runOnGroup}
                onMoveToInbox={commands.moveToInbox}
                onReply={compose.openReply}
              />
            </Suspense>
          ) : (
            <EmptyDetail />
          )
        }
      />
      <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
      {compose.hasOpened ? (
        <Suspense fallback={null}>
          <ComposeDialog
            isOpen={compose.isOpen}
            draft={compose.draft}
            onClose={compose.close}
            onReopen={compose.openDraft}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
