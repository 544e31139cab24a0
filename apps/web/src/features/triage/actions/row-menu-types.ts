import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import type { ListAction } from '../utils/action-items';

/** A right-click on a row: the row's thread and where the pointer was. */
export type RowMenuRequest = { group: ThreadGroupDto; x: number; y: number };

export type RowMenuProps = {
  checkedIds: ReadonlySet<string>;
  onAction: (group: ThreadGroupDto, action: ListAction) => void;
  onToggleCheck: (groupId: string) => void;
  onAddFilter: (filter: CustomFilter) => void;
};
