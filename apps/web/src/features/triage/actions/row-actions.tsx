import {
  AlarmClock,
  AlarmClockOff,
  Archive,
  ArchiveRestore,
  Clock,
  Mail,
  MailOpen,
  MoveDown,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip } from '../../../components/ui/tooltip';
import type { ListAction } from '../utils/action-items';
import { shortcutKey } from '../utils/shortcuts';

type RowActionsProps = {
  isCleared: boolean;
  hasUnread: boolean;
  onAction: (action: ListAction) => void;
  /** "Snooze until…" (null where snoozing is not offered). */
  onSnooze?: (() => void) | null;
  /** Back to Triage now, for a snoozed thread. */
  onUnsnooze?: (() => void) | null;
};

function ActionButton({
  label,
  shortcut,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip content={label} shortcut={shortcut}>
      <button
        type="button"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
        className="flex size-6 items-center justify-center rounded text-muted hover:bg-hover hover:text-fg [&_svg]:size-3.5"
      >
        {children}
      </button>
    </Tooltip>
  );
}

/** The quick actions that appear over a row on hover or focus. */
export function RowActions({ isCleared, hasUnread, onAction, onSnooze, onUnsnooze }: RowActionsProps) {
  return (
    <div className="absolute top-1/2 right-2 hidden -translate-y-1/2 items-center gap-0.5 rounded-md border border-border bg-surface px-0.5 shadow-sm pointer-fine:group-hover/row:flex group-has-[:focus-visible]/row:flex">
      {isCleared ? (
        <ActionButton label="Move to Inbox" onClick={() => onAction('move_to_inbox')}>
          <ArchiveRestore />
        </ActionButton>
      ) : (
        <>
          <ActionButton
            label="Clear & Archive"
            shortcut={shortcutKey('clear')}
            onClick={() => onAction('clear')}
          >
            <Archive />
          </ActionButton>
          <ActionButton
            label="Save to Later"
            shortcut={shortcutKey('later')}
            onClick={() => onAction('later')}
          >
            <Clock />
          </ActionButton>
          <ActionButton
            label="Low Priority"
            shortcut={shortcutKey('lowPriority')}
            onClick={() => onAction('low_priority')}
          >
            <MoveDown />
          </ActionButton>
          {onUnsnooze ? (
            <ActionButton label="Unsnooze" onClick={onUnsnooze}>
              <AlarmClockOff />
            </ActionButton>
          ) : onSnooze ? (
            <ActionButton label="Snooze until…" shortcut={shortcutKey('snooze')} onClick={onSnooze}>
              <AlarmClock />
            </ActionButton>
          ) : null}
        </>
      )}
      <ActionButton
        label={hasUnread ? 'Mark as Read' : 'Mark as Unread'}
        shortcut={shortcutKey('toggleRead')}
        onClick={() => onAction(hasUnread ? 'mark_read' : 'mark_unread')}
      >
        {hasUnread ? <MailOpen /> : <Mail />}
      </ActionButton>
    </div>
  );
}
