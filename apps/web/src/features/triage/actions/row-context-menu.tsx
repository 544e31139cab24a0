import { itemLinkOf } from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';
import { customFilterLabel } from '@ledgerdesk/domain/triage/custom-filter';
import {
  Archive,
  ArchiveRestore,
  ArrowRightLeft,
  CheckSquare,
  Clock,
  Filter,
  Mail,
  MailOpen,
  MoveDown,
  Wand2,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { ListAction } from '../utils/action-items';
import { alwaysDoThisPath } from '../utils/always-do-this';
import { shortcutKey } from '../utils/shortcuts';
import { MENU_CONTENT_CLASS, MENU_ITEM_CLASS, MenuItemContent } from './menu-item';
import { useMoveSender } from './move-sender';
import { filtersForGroup } from './row-filters';
import type { RowMenuProps, RowMenuRequest } from './row-menu-types';

/**
 * The row's right-click menu, opened where the pointer was (the chunk `ListContextMenu` loads on the first
 * right-click): a dropdown anchored at that point, so it opens at once when it mounts. Closing it puts the
 * focus back on the row.
 */
export function RowContextMenu({
  request,
  onClose,
  ...props
}: RowMenuProps & { request: RowMenuRequest; onClose: () => void }) {
  return (
    <DropdownMenu.Root open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} modal={false}>
      <DropdownMenu.Trigger asChild>
        <span aria-hidden className="fixed size-0" style={{ left: request.x, top: request.y }} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <RowMenuItems {...props} group={request.group} />
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function RowMenuItems({
  group,
  checkedIds,
  onAction: onGroupAction,
  onToggleCheck,
  onAddFilter,
}: RowMenuProps & { group: ThreadGroupDto }) {
  const isCleared = group.latestEmail.status === 'cleared';
  const hasUnread = group.unreadCount > 0;
  const isChecked = checkedIds.has(group.id);
  const onAction = (action: ListAction) => onGroupAction(group, action);
  const filters = filtersForGroup(group);
  const moveSender = useMoveSender();
  const latest = group.latestEmail;
  const sender =
    latest.fromAddress && latest.type !== 'mention' && !itemLinkOf(latest.metadata)
      ? senderAddressKey(latest.fromAddress)
      : null;
  const senderTarget = latest.type === 'notification' ? 'email' : 'notification';
  const navigate = useNavigate();
  const rulePath = sender ? alwaysDoThisPath(sender, latest.status) : null;
  return (
    <DropdownMenu.Content
      className={MENU_CONTENT_CLASS}
      align="start"
      sideOffset={2}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        document
          .querySelector<HTMLElement>(`[data-thread-key="${CSS.escape(group.id)}"] [data-row-index]`)
          ?.focus({ preventScroll: true });
      }}
    >
      {isCleared ? (
        <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('move_to_inbox')}>
          <MenuItemContent icon={<ArchiveRestore />} label="Move to Inbox" />
        </DropdownMenu.Item>
      ) : (
        <>
          <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('later')}>
            <MenuItemContent icon={<Clock />} label="Save to Later" shortcut={shortcutKey('later')} />
          </DropdownMenu.Item>
          <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('low_priority')}>
            <MenuItemContent icon={<MoveDown />} label="Low Priority" shortcut={shortcutKey('lowPriority')} />
          </DropdownMenu.Item>
          <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onAction('clear')}>
            <MenuItemContent icon={<Archive />} label="Clear" shortcut={shortcutKey('clear')} />
          </DropdownMenu.Item>
        </>
      )}
      <DropdownMenu.Item
        className={MENU_ITEM_CLASS}
        onSelect={() => onAction(hasUnread ? 'mark_read' : 'mark_unread')}
      >
        <MenuItemContent
          icon={hasUnread ? <MailOpen /> : <Mail />}
          label={hasUnread ? 'Mark as Read' : 'Mark as Unread'}
          shortcut={shortcutKey('toggleRead')}
        />
      </DropdownMenu.Item>
      <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => onToggleCheck(group.id)}>
        <MenuItemContent
          icon={<CheckSquare />}
          label={isChecked ? 'Deselect' : 'Select'}
          shortcut={shortcutKey('select')}
        />
      </DropdownMenu.Item>
      {sender?.includes('@') && latest.notificationType !== 'system' ? (
        <DropdownMenu.Item
          className={MENU_ITEM_CLASS}
          onSelect={() => moveSender.mutate({ address: sender, kind: senderTarget })}
        >
          <MenuItemContent
            icon={<ArrowRightLeft />}
            label={senderTarget === 'notification' ? 'Move sender to Notifications' : 'Move sender to Email'}
          />
        </DropdownMenu.Item>
      ) : null}
      {rulePath ? (
        <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => void navigate(rulePath)}>
          <MenuItemContent icon={<Wand2 />} label="Always do this…" />
        </DropdownMenu.Item>
      ) : null}
      {filters.length > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
      {filters.map((filter) => (
        <DropdownMenu.Item
          key={customFilterLabel(filter)}
          className={MENU_ITEM_CLASS}
          onSelect={() => onAddFilter(filter)}
        >
          <MenuItemContent icon={<Filter />} label={`Filter by ${customFilterLabel(filter)}`} />
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Content>
  );
}
