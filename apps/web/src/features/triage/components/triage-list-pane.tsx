import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import type { ReactNode, RefObject } from 'react';
import type { ListAction } from '../utils/action-items';
import { ListEmpty, ListError, ListLoading } from './list-states';
import { NewItemsButton } from './new-items';
import { type FocusRequest, ThreadList } from './thread-list';
import type { ListDensity } from './thread-row';

type TriageListPaneProps = {
  status: 'pending' | 'error' | 'success';
  errorMessage: string;
  onRetry: () => void;
  groups: ThreadGroupDto[];
  isFiltered: boolean;
  pageTitle: string;
  /** The way forward under an unfiltered empty list (composed by src/app). */
  emptyAction?: ReactNode;
  density: ListDensity;
  activeIndex: number;
  openGroupId: string | null;
  checkedIds: ReadonlySet<string>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  focusRequest: FocusRequest;
  scrollRef: RefObject<HTMLDivElement | null>;
  newItemsCount: number;
  onViewNewItems: () => void;
  onOpen: (index: number) => void;
  onFocusRow: (index: number) => void;
  onToggleCheck: (groupId: string) => void;
  onAction: (group: ThreadGroupDto, action: ListAction) => void;
  onAddFilter: (filter: CustomFilter) => void;
};

/** The left pane: loading, error and empty states, or the virtualized list; the new-items button floats on it. */
export function TriageListPane(props: TriageListPaneProps) {
  const body =
    props.status === 'pending' ? (
      <ListLoading />
    ) : props.status === 'error' ? (
      <ListError message={props.errorMessage} onRetry={props.onRetry} />
    ) : props.groups.length === 0 ? (
      <ListEmpty isFiltered={props.isFiltered} page={props.pageTitle} action={props.emptyAction} />
    ) : (
      <ThreadList {...props} />
    );
  return (
    <section aria-label="Triage items" className="relative flex h-full min-h-0 flex-col bg-surface">
      {body}
      {props.newItemsCount > 0 ? (
        <NewItemsButton count={props.newItemsCount} onClick={props.onViewNewItems} />
      ) : null}
    </section>
  );
}
