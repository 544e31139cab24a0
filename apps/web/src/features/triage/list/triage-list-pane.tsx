import { useTriageScreen } from '../triage-screen-context';
import { ListEmpty, ListError, ListLoading } from './list-states';
import { NewItemsButton } from './new-items';
import { ThreadList } from './thread-list';

/** The left pane: loading, error and empty states, or the virtualized list; the new-items button floats on it. */
export function TriageListPane() {
  const { threads, groups, list, slots, live, viewNewItems } = useTriageScreen();
  const body =
    threads.status === 'pending' ? (
      <ListLoading />
    ) : threads.status === 'error' ? (
      <ListError message={threads.error?.message ?? ''} onRetry={() => void threads.refetch()} />
    ) : groups.length === 0 ? (
      <ListEmpty
        isFiltered={list.isFiltered}
        page={slots.emptyListPage ?? list.title}
        action={slots.emptyListAction}
      />
    ) : (
      <ThreadList />
    );
  return (
    <section aria-label="Triage items" className="relative flex h-full min-h-0 flex-col bg-surface">
      {body}
      {live.newItemsCount > 0 ? <NewItemsButton count={live.newItemsCount} onClick={viewNewItems} /> : null}
    </section>
  );
}
