import { lazy, Suspense, useEffect } from 'react';
import { warmWhenIdle } from '../../lib/warm-when-idle';
import { BulkActionBar } from './actions/bulk-action-bar';
import { SnoozeProvider } from './actions/snooze-context';
import { TriageHeader } from './layout/triage-header';
import { TriagePanes } from './layout/triage-panes';
import { NewItemsBanner } from './list/new-items';
import { TriageListPane } from './list/triage-list-pane';
import { DetailLoading, EmptyDetail } from './thread/empty-detail';
import { TriageScreenContext, useTriageScreen } from './triage-screen-context';
import { type TriageScreenSlots, useTriageScreenState } from './use-triage-screen-state';

// The compose dialog and the thread detail load on first use (the detail is also fetched once the browser is
// idle, so the first open does not wait for it).
const ComposeDialog = lazy(() =>
  import('./compose/compose-dialog').then((m) => ({ default: m.ComposeDialog })),
);
const loadThreadDetail = () => import('./thread/thread-detail').then((m) => ({ default: m.ThreadDetail }));
const ThreadDetail = lazy(loadThreadDetail);
const ShortcutsDialog = lazy(() =>
  import('./layout/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

export type TriagePageProps = TriageScreenSlots;

/** The triage page of spec §2: header, thread list and thread detail for every triage view. */
export function TriagePage(props: TriagePageProps) {
  return (
    <SnoozeProvider>
      <TriageScreen {...props} />
    </SnoozeProvider>
  );
}

function TriageScreen(slots: TriagePageProps) {
  const screen = useTriageScreenState(slots);
  useWarmThreadDetail(screen.threads.status !== 'pending');
  const { live, settings, help, compose } = screen;
  return (
    <TriageScreenContext.Provider value={screen}>
      <div className="flex h-full min-h-0 flex-col">
        <TriageHeader />
        <TriageBulkActions />
        {live.newItemsCount > 0 && settings.showNotifications ? (
          <NewItemsBanner count={live.newItemsCount} onRefresh={screen.viewNewItems} />
        ) : null}
        <TriagePanes list={<TriageListPane />} detail={<TriageDetailPane />} />
        {help.hasOpened ? (
          <Suspense fallback={null}>
            <ShortcutsDialog isOpen={help.isOpen} onOpenChange={help.setIsOpen} />
          </Suspense>
        ) : null}
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
    </TriageScreenContext.Provider>
  );
}

/** Fetches the thread detail's code once the list has answered and the browser is idle. */
function useWarmThreadDetail(isListShown: boolean) {
  useEffect(() => (isListShown ? warmWhenIdle(loadThreadDetail) : undefined), [isListShown]);
}

/** The bar over the list while threads are ticked. */
function TriageBulkActions() {
  const { checked, checkedGroups, commands, list } = useTriageScreen();
  if (checked.checked.size === 0) return null;
  return (
    <BulkActionBar
      selectedCount={checked.checked.size}
      itemCount={checkedGroups().reduce((sum, group) => sum + group.emails.length, 0)}
      isClearedView={list.filter.view === 'cleared'}
      onAction={(action) => {
        commands.runOnGroups(checkedGroups(), action, 'bulk');
        checked.clear();
      }}
      onCancel={checked.clear}
    />
  );
}

/** The right pane: the open thread, else the empty state. */
function TriageDetailPane() {
  const { nav, isMobile, commands, compose } = useTriageScreen();
  const openGroup = nav.openGroup;
  if (!openGroup) return <EmptyDetail />;
  return (
    <Suspense fallback={<DetailLoading />}>
      <ThreadDetail
        key={openGroup.id}
        group={openGroup}
        isMobile={isMobile}
        isArchiving={commands.isPending(openGroup.id, 'clear')}
        isUnarchiving={commands.isPending(openGroup.id, 'move_to_inbox')}
        onClose={() => nav.setOpenGroupId(null)}
        onAction={commands.runOnGroup}
        onMoveToInbox={commands.moveToInbox}
        onReply={compose.openReply}
      />
    </Suspense>
  );
}
