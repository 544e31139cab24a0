import type { EmailStatus } from '@ledgerdesk/domain/entities';
import { MOVE_TO_INBOX_LABEL, MOVING_LABEL } from '@ledgerdesk/domain/triage/triage-page-texts';
import { Archive, ArchiveRestore, Clock, MoveDown, Reply, ReplyAll, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Tooltip } from '../../../components/ui/tooltip';
import type { ListAction } from '../utils/action-items';
import { shortcutKey } from '../utils/shortcuts';
import { ThreadActionMenu } from './thread-action-menu';

type ThreadActionBarProps = {
  status: EmailStatus;
  isCleared: boolean;
  isArchiving: boolean;
  isUnarchiving: boolean;
  onReply: () => void;
  onReplyAll: () => void;
  onAction: (action: ListAction) => void;
  onMoveToInbox: () => void;
  onSnooze?: (() => void) | null;
  onUnsnooze?: (() => void) | null;
  /** Opens "Assign thread" (decision 012). */
  onAssign?: (() => void) | null;
};

/**
 * The thread's action bar (spec §4): Reply and Reply All only while the status is available and the item is
 * not cleared, disabled while archiving or unarchiving; a cleared item offers only Move to Inbox.
 */
export function ThreadActionBar(props: ThreadActionBarProps) {
  const isBusy = props.isArchiving || props.isUnarchiving;
  const canShowReply = props.status === 'available' && !props.isCleared;
  return (
    <div
      className="flex items-center gap-1 border-b border-border px-4 py-1.5"
      role="toolbar"
      aria-label="Thread actions"
    >
      {props.isCleared ? (
        <Button size="sm" variant="outline" onClick={props.onMoveToInbox} disabled={props.isUnarchiving}>
          <ArchiveRestore />
          {props.isUnarchiving ? MOVING_LABEL : MOVE_TO_INBOX_LABEL}
        </Button>
      ) : (
        <>
          {canShowReply ? (
            <>
              <Tooltip content="Reply" shortcut={shortcutKey('reply')}>
                <Button size="sm" variant="outline" onClick={props.onReply} disabled={isBusy}>
                  <Reply />
                  Reply
                </Button>
              </Tooltip>
              <Tooltip content="Reply to All" shortcut={shortcutKey('replyAll')}>
                <Button size="sm" variant="outline" onClick={props.onReplyAll} disabled={isBusy}>
                  <ReplyAll />
                  Reply All
                </Button>
              </Tooltip>
            </>
          ) : null}
          <span className="flex-1" />
          <IconButton
            label="Save to Later"
            shortcut={shortcutKey('later')}
            onClick={() => props.onAction('later')}
          >
            <Clock />
          </IconButton>
          <IconButton
            label="Low Priority"
            shortcut={shortcutKey('lowPriority')}
            onClick={() => props.onAction('low_priority')}
          >
            <MoveDown />
          </IconButton>
          <IconButton label="Clear" shortcut={shortcutKey('clear')} onClick={() => props.onAction('clear')}>
            <Archive />
          </IconButton>
        </>
      )}
      {props.isCleared ? <span className="flex-1" /> : null}
      {props.onAssign ? (
        <IconButton label="Assign…" onClick={props.onAssign}>
          <UserPlus />
        </IconButton>
      ) : null}
      <ThreadActionMenu
        isCleared={props.isCleared}
        isMoving={props.isUnarchiving}
        onReply={props.onReply}
        onReplyAll={props.onReplyAll}
        onAction={props.onAction}
        onMoveToInbox={props.onMoveToInbox}
        onSnooze={props.onSnooze}
        onUnsnooze={props.onUnsnooze}
      />
    </div>
  );
}
