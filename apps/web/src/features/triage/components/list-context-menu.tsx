import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import { customFilterLabel } from '@ledgerdesk/domain/triage/custom-filter';
import { Archive, ArchiveRestore, CheckSquare, Clock, Filter, Mail, MailOpen, MoveDown } from 'lucide-react';
import { ContextMenu } from 'radix-ui';
import { type MouseEvent, type ReactElement, useState } from 'react';
import type { ListAction } from '../utils/action-items';
import { filtersForGroup } from '../utils/row-filters';
import { shortcutKey } from '../utils/shortcuts';
import { MENU_CONTENT_CLASS, MENU_ITEM_CLASS, MenuItemContent } from './menu-item';

type ListContextMenuProps = {
  /** The list element; a right-click on one of its rows opens the menu for that row's thread. */
  children: ReactElement;
  groupAt: (event: MouseEvent) => ThreadGroupDto | null;
  checkedIds: ReadonlySet<string>;
  onAction: (group: ThreadGroupDto, action: ListAction) => void;
  onToggleCheck: (groupId: string) => void;
  onAddFilter: (filter: CustomFilter) => void;
};

/**
 * Right-click menu of the rows: the thread's actions, selection, and filters built from the row (sender,
 * tags, assignee). One menu serves the whole list, so scrolling never mounts a menu per row.
 */
export function ListContextMenu(props: ListContextMenuProps) {
  const [group, setGroup] = useState<ThreadGroupDto | null>(null);
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger
        asChild
        onContextMenu={(event) => {
          const target = props.groupAt(event);
          setGroup(target);
          if (!target) event.preventDefault();
        }}
      >
        {props.children}
      </ContextMenu.Trigger>
      <ContextMenu.Portal>{group ? <RowMenuItems {...props} group={group} /> : null}</ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

function RowMenuItems({
  group,
  checkedIds,
  onAction: onGroupAction,
  onToggleCheck,
  onAddFilter,
}: Omit<ListContextMenuProps, 'children' | 'groupAt'> & { group: ThreadGroupDto }) {
  const isCleared = group.latestEmail.status === 'cleared';
  const hasUnread = group.unreadCount > 0;
  const isChecked = checkedIds.has(group.id);
  const onAction = (action: ListAction) => onGroupAction(group, action);
  const filters = filtersForGroup(group);
  return (
    <ContextMenu.Content className={MENU_CONTENT_CLASS}>
      {isCleared ? (
        <ContextMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('move_to_inbox')}>
          <MenuItemContent icon={<ArchiveRestore />} label="Move to Inbox" />
        </ContextMenu.Item>
      ) : (
        <>
          <ContextMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('later')}>
            <MenuItemContent icon={<Clock />} label="Save to Later" shortcut={shortcutKey('later')} />
          </ContextMenu.Item>
          <ContextMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('low_priority')}>
            <MenuItemContent icon={<MoveDown />} label="Low Priority" shortcut={shortcutKey('lowPriority')} />
          </ContextMenu.Item>
          <ContextMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('clear')}>
            <MenuItemContent icon={<Archive />} label="Clear" shortcut={shortcutKey('clear')} />
          </ContextMenu.Item>
        </>
      )}
      <ContextMenu.Item
        className={MENU_ITEM_CLASS}
        onSelect={() => onAction(hasUnread ? 'mark_read' : 'mark_unread')}
      >
        <MenuItemContent
          icon={hasUnread ? <MailOpen /> : <Mail />}
          label={hasUnread ? 'Mark as Read' : 'Mark as Unread'}
          shortcut={shortcutKey('toggleRead')}
        />
      </ContextMenu.Item>
      <ContextMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onToggleCheck(group.id)}>
        <MenuItemContent
          icon={<CheckSquare />}
          label={isChecked ? 'Deselect' : 'Select'}
          shortcut={shortcutKey('select')}
        />
      </ContextMenu.Item>
      {filters.length > 0 ? <ContextMenu.Separator className="my-1 h-px bg-border" /> : null}
      {filters.map((filter) => (
        <ContextMenu.Item
          key={customFilterLabel(filter)}
          className={MENU_ITEM_CLASS}
          onSelect={() => onAddFilter(filter)}
        >
          <MenuItemContent icon={<Filter />} label={`Filter by ${customFilterLabel(filter)}`} />
        </ContextMenu.Item>
      ))}
    </ContextMenu.Content>
  );
}
