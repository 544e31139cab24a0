import {
  AlarmClock,
  AlarmClockOff,
  Archive,
  ArchiveRestore,
  Clock,
  Mail,
  MoreHorizontal,
  MoveDown,
  Reply,
  ReplyAll,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import type { ListAction } from '../utils/action-items';
import { shortcutKey } from '../utils/shortcuts';
import { MENU_CONTENT_CLASS, MENU_ITEM_CLASS, MenuItemContent } from './menu-item';

type ThreadActionMenuProps = {
  isCleared: boolean;
  isMoving: boolean;
  onReply: () => void;
  onReplyAll: () => void;
  onAction: (action: ListAction) => void;
  onMoveToInbox: () => void;
  /** "Snooze until…" for the thread; "Unsnooze" when it is snoozed. */
  onSnooze?: (() => void) | null;
  onUnsnooze?: (() => void) | null;
};

/** The thread's action menu (spec §4): a cleared item offers only Move to Inbox. */
export function ThreadActionMenu(props: ThreadActionMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button size="icon-sm" variant="ghost" aria-label="More actions">
          <MoreHorizontal />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={MENU_CONTENT_CLASS}>
          {props.isCleared ? (
            <DropdownMenu.Item
              className={MENU_ITEM_CLASS}
              disabled={props.isMoving}
              onSelect={props.onMoveToInbox}
            >
              <MenuItemContent
                icon={<ArchiveRestore />}
                label={props.isMoving ? 'Moving...' : 'Move to Inbox'}
              />
            </DropdownMenu.Item>
          ) : (
            <>
              <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={props.onReply}>
                <MenuItemContent icon={<Reply />} label="Reply" shortcut={shortcutKey('reply')} />
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={props.onReplyAll}>
                <MenuItemContent
                  icon={<ReplyAll />}
                  label="Reply to All"
                  shortcut={shortcutKey('replyAll')}
                />
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => props.onAction('later')}>
                <MenuItemContent icon={<Clock />} label="Save to Later" shortcut={shortcutKey('later')} />
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => props.onAction('mark_unread')}>
                <MenuItemContent
                  icon={<Mail />}
                  label="Mark as Unread"
                  shortcut={shortcutKey('toggleRead')}
                />
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => props.onAction('low_priority')}>
                <MenuItemContent
                  icon={<MoveDown />}
                  label="Low Priority"
                  shortcut={shortcutKey('lowPriority')}
                />
              </DropdownMenu.Item>
              <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => props.onAction('clear')}>
                <MenuItemContent icon={<Archive />} label="Clear" shortcut={shortcutKey('clear')} />
              </DropdownMenu.Item>
              {props.onUnsnooze ? (
                <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={props.onUnsnooze}>
                  <MenuItemContent icon={<AlarmClockOff />} label="Unsnooze" />
                </DropdownMenu.Item>
              ) : props.onSnooze ? (
                <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={props.onSnooze}>
                  <MenuItemContent
                    icon={<AlarmClock />}
                    label="Snooze until…"
                    shortcut={shortcutKey('snooze')}
                  />
                </DropdownMenu.Item>
              ) : null}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
